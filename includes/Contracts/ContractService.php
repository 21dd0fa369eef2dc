<?php
/**
 * What the site admin does with contracts.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Contracts;

use DateTimeImmutable;
use InvalidArgumentException;
use LibraryPortal\Core\Contracts\ContractItem;
use LibraryPortal\Core\Contracts\ContractRepository;
use LibraryPortal\Core\Contracts\ContractSummary;
use LibraryPortal\Core\Events;
use LibraryPortal\Core\Items\ItemPostType;
use LibraryPortal\Core\Seats\AuditEntry;
use LibraryPortal\Core\Seats\AuditWords;
use LibraryPortal\Core\Seats\SeatAuditRepository;
use LibraryPortal\Platform\Database\WriteFailed;
use LibraryPortal\Platform\Queue;

/**
 * Creates and edits contracts, their members and items, and imports members, for the admin
 * screen and the WP-CLI command alike. Every input is checked before anything is written: an
 * invalid one throws InvalidArgumentException with a message for the admin, and nothing changes.
 * The repository announces each change (library_portal_library_changed) to the members it
 * touches, so their cached libraries are rebuilt.
 */
final class ContractService {

	public const STATUSES = array( 'active', 'inactive' );

	/** The audit trail's action of one batch of a member import (WP-CLI or wp-admin). */
	public const IMPORT_ACTION = 'contract_import';

	/** The audit trail's action of a deleted contract. */
	public const DELETE_ACTION = 'contract_deleted';

	/**
	 * Contracts, members and items.
	 *
	 * @var ContractRepository
	 */
	private ContractRepository $contracts;

	/**
	 * The audit trail (a deleted contract is written there).
	 *
	 * @var SeatAuditRepository
	 */
	private SeatAuditRepository $audit;

	/**
	 * New-user e-mails of accounts an import creates, sent in the background.
	 *
	 * @var WelcomeEmails
	 */
	private WelcomeEmails $welcome;

	/**
	 * Builds the service.
	 *
	 * @param ContractRepository  $contracts Contracts.
	 * @param SeatAuditRepository $audit     Audit trail.
	 * @param WelcomeEmails|null  $welcome   New-user e-mails (the default queues them like the plugin does).
	 */
	public function __construct( ContractRepository $contracts, SeatAuditRepository $audit, ?WelcomeEmails $welcome = null ) {
		$this->contracts = $contracts;
		$this->audit     = $audit;
		$this->welcome   = $welcome ?? new WelcomeEmails( new Queue() );
	}

	/**
	 * Deletes a contract: its members lose its library at once; their certificates, their own
	 * seats and the audit trail stay. The deletion is written to the audit trail.
	 *
	 * @param int $contract_id Contract.
	 * @param int $actor_id    Who deletes it.
	 * @return ContractSummary The contract as it was.
	 * @throws InvalidArgumentException When the contract is missing.
	 * @throws WriteFailed When the database refused the change.
	 */
	public function delete( int $contract_id, int $actor_id ): ContractSummary {
		$summary = $this->contract( $contract_id );
		$members = $this->contracts->delete( $contract_id );
		$this->audit->record(
			array(
				array(
					'actor_id'   => $actor_id,
					'action'     => self::DELETE_ACTION,
					'grant_id'   => 0,
					'license_id' => 0,
					'owner_id'   => 0,
					'product_id' => 0,
					'details'    => (string) wp_json_encode(
						array(
							'contract' => $contract_id,
							'title'    => mb_substr( $summary->contract->title, 0, 120 ),
							'members'  => count( $members ),
							'items'    => $summary->item_count,
						)
					),
				),
			),
			time()
		);
		foreach ( $members as $user_id ) {
			Events::contract_member_removed( $contract_id, (int) $user_id );
		}
		return $summary;
	}

	/**
	 * Creates a contract from a form's or the command line's values; returns its ID.
	 *
	 * @param array<string, mixed> $input title, organizer_name, organizer_title, organizer_phone, organizer_email,
	 *                                    organizer_thumb (attachment ID or http(s) address), starts, ends (Y-m-d, site time), status.
	 * @throws InvalidArgumentException When a value is invalid.
	 */
	public function create( array $input ): int {
		return $this->contracts->create( $this->fields( $input ), time() );
	}

	/**
	 * Replaces a contract's fields (the same values as create()).
	 *
	 * @param int                  $contract_id Contract.
	 * @param array<string, mixed> $input       Values.
	 * @throws InvalidArgumentException When the contract is missing or a value is invalid.
	 */
	public function update( int $contract_id, array $input ): void {
		$this->contract( $contract_id );
		$this->contracts->update( $contract_id, $this->fields( $input ) );
	}

	/**
	 * A contract with its counts.
	 *
	 * @param int $contract_id Contract.
	 * @throws InvalidArgumentException When there is none.
	 */
	public function contract( int $contract_id ): ContractSummary {
		$contract = $contract_id > 0 ? $this->contracts->find( $contract_id ) : null;
		if ( null === $contract ) {
			/* translators: %d: contract ID. */
			throw new InvalidArgumentException( esc_html( sprintf( __( 'There is no contract with the ID %d.', 'library-portal' ), $contract_id ) ) );
		}
		return $contract;
	}

	/**
	 * A page of contracts with their counts.
	 *
	 * @param int    $per_page Rows.
	 * @param int    $page     Page, from 1.
	 * @param string $orderby  Column (ContractRepository::ORDER_COLUMNS).
	 * @param bool   $desc     Descending.
	 * @return ContractSummary[]
	 */
	public function page( int $per_page, int $page, string $orderby = 'id', bool $desc = true ): array {
		return $this->contracts->page( $per_page, ( max( 1, $page ) - 1 ) * $per_page, $orderby, $desc );
	}

	/**
	 * Number of contracts.
	 */
	public function count(): int {
		return $this->contracts->count();
	}

	/**
	 * A contract's members (user_id, name, email), by name.
	 *
	 * @param int $contract_id Contract.
	 * @return array<int, array{user_id: int, name: string, email: string}>
	 */
	public function members( int $contract_id ): array {
		return $this->contracts->members( $contract_id );
	}

	/**
	 * A contract's items with their own expiry.
	 *
	 * @param int $contract_id Contract.
	 * @return ContractItem[]
	 */
	public function items( int $contract_id ): array {
		return $this->contracts->items( $contract_id );
	}

	/**
	 * Adds an account to a contract by e-mail or user ID; returns the user ID.
	 *
	 * @param int    $contract_id Contract.
	 * @param string $who         E-mail address or user ID.
	 * @param bool   $added       Set to whether the user was new to the contract.
	 * @throws InvalidArgumentException When the contract or the account is missing.
	 */
	public function add_member( int $contract_id, string $who, bool &$added = false ): int {
		$contract = $this->contract( $contract_id );
		$user_id  = $this->user_id( $who );
		$added    = 1 === $this->contracts->add_members( $contract_id, array( $user_id ) );
		if ( $added ) {
			Events::contract_member_added( $contract_id, $user_id );
			$this->welcome->tell_added( $contract->contract, array( $user_id ), array(), true );
		}
		return $user_id;
	}

	/**
	 * Takes a member out of a contract.
	 *
	 * @param int    $contract_id Contract.
	 * @param string $who         E-mail address or user ID.
	 * @throws InvalidArgumentException When the contract is missing or the user is not a member.
	 */
	public function remove_member( int $contract_id, string $who ): int {
		$this->contract( $contract_id );
		$user_id = $this->user_id( $who );
		if ( ! $this->contracts->remove_member( $contract_id, $user_id ) ) {
			/* translators: %s: e-mail address or user ID. */
			throw new InvalidArgumentException( esc_html( sprintf( __( '%s is not a member of this contract.', 'library-portal' ), $who ) ) );
		}
		Events::contract_member_removed( $contract_id, $user_id );
		return $user_id;
	}

	/**
	 * Adds a published catalogue item to a contract, or changes its expiry when it has it.
	 *
	 * @param int    $contract_id Contract.
	 * @param int    $product_id  Library item.
	 * @param string $expires     Last day (Y-m-d, site time, included), '' for the contract's end.
	 * @return bool Whether the item was new to the contract.
	 * @throws InvalidArgumentException When the contract or item is missing or the date is invalid or past.
	 */
	public function add_item( int $contract_id, int $product_id, string $expires = '' ): bool {
		$this->contract( $contract_id );
		if ( ItemPostType::POST_TYPE !== get_post_type( $product_id ) || 'publish' !== get_post_status( $product_id ) ) {
			/* translators: %d: post ID. */
			throw new InvalidArgumentException( esc_html( sprintf( __( '%d is not a published library item.', 'library-portal' ), $product_id ) ) );
		}
		$expires_at = self::end_of_day( $expires, __( 'Item expiry', 'library-portal' ) );
		if ( 0 !== $expires_at && $expires_at <= time() ) {
			throw new InvalidArgumentException( esc_html__( 'The item expiry date has passed.', 'library-portal' ) );
		}
		return $this->contracts->save_item( $contract_id, $product_id, $expires_at );
	}

	/**
	 * Takes an item out of a contract.
	 *
	 * @param int $contract_id Contract.
	 * @param int $product_id  Library item.
	 * @throws InvalidArgumentException When the contract is missing or does not hold the item.
	 */
	public function remove_item( int $contract_id, int $product_id ): void {
		$this->contract( $contract_id );
		if ( ! $this->contracts->remove_item( $contract_id, $product_id ) ) {
			/* translators: %d: post ID. */
			throw new InvalidArgumentException( esc_html( sprintf( __( 'Item %d is not in this contract.', 'library-portal' ), $product_id ) ) );
		}
	}

	/**
	 * Adds the accounts of some rows of MemberCsv::parse() to a contract. An address without an
	 * account is a bad row, unless $create_accounts: then it gets a new account (the site's default
	 * role, the row's first and last name) and WordPress's new-user e-mail, through which the person
	 * sets a password, sent by a background job (docs/rules/contracts.md, "Contracts admin and CSV import").
	 *
	 * @param int                                                                                 $contract_id     Contract.
	 * @param array<int, array{line: int, email: string, first_name?: string, last_name?: string}> $rows            Rows, each address once.
	 * @param bool                                                                                $dry_run         Only count what would happen.
	 * @param bool                                                                                $create_accounts Make accounts for addresses that have none.
	 * @param bool                                                                                $tell            Queue the job that tells the members added (WelcomeEmails::tell_added()): the import's runners do; a batch then costs that one statement more.
	 * @throws InvalidArgumentException When the contract is missing.
	 */
	public function import_members( int $contract_id, array $rows, bool $dry_run = false, bool $create_accounts = false, bool $tell = false ): ImportReport {
		$contract = $this->contract( $contract_id );
		$ids      = $this->contracts->user_ids_by_email( array_column( $rows, 'email' ) );
		$already  = array_flip( $this->contracts->members_among( $contract_id, array_values( $ids ) ) );
		$new      = array();
		$bad      = array();
		$known    = 0;
		$created  = 0;
		$fresh    = array();
		foreach ( $rows as $row ) {
			$user_id = $ids[ strtolower( $row['email'] ) ] ?? 0;
			if ( 0 === $user_id && $create_accounts ) {
				$user_id = $dry_run ? -1 - $created : $this->create_account( $row );
				if ( $user_id instanceof \WP_Error ) {
					/* translators: %s: why WordPress refused the account. */
					$bad[] = MemberCsv::bad( $row['line'], $row['email'], sprintf( __( 'The account could not be created: %s', 'library-portal' ), wp_strip_all_tags( $user_id->get_error_message() ) ) );
					continue;
				}
				++$created;
				$fresh[] = $user_id;
			}
			if ( 0 === $user_id ) {
				$bad[] = MemberCsv::bad( $row['line'], $row['email'], __( 'No account with this e-mail.', 'library-portal' ) );
			} elseif ( isset( $already[ $user_id ] ) ) {
				++$known;
			} else {
				$new[ $user_id ] = $user_id;
			}
		}
		$added = $dry_run ? count( $new ) : $this->contracts->add_members( $contract_id, array_values( $new ) );
		if ( ! $dry_run && count( $new ) === $added ) {
			// Every one read as new went in. Fewer means another change added some of them at the
			// same instant; which ones the single INSERT cannot tell, and that change announces its own.
			foreach ( $new as $user_id ) {
				Events::contract_member_added( $contract_id, $user_id );
			}
		}
		if ( ! $dry_run && ( $added > 0 || $bad ) ) {
			// Counts only, no addresses: an import may hold thousands (docs/rules/seats-and-sharing.md, "Grants and audit trail (wp-admin, WP-CLI)").
			$this->audit->record_for_item(
				get_current_user_id(),
				self::IMPORT_ACTION,
				0,
				0,
				array(
					'contract' => $contract_id,
					'added'    => $added,
					'already'  => $known + count( $new ) - $added,
					'bad'      => count( $bad ),
				),
				time()
			);
		}
		if ( ! $dry_run ) {
			$this->welcome->queue( $fresh );
			if ( $tell && $added > 0 ) {
				$this->welcome->tell_added( $contract->contract, array_values( $new ), $fresh );
			}
		}
		return new ImportReport( $added, $known + count( $new ) - $added, 0, $bad, $created );
	}

	/**
	 * A new account for an imported address, marked as owed WordPress's new-user e-mail (the link
	 * to set a password; WelcomeEmails sends it; the site admin is not sent one per row).
	 *
	 * @param array{line: int, email: string, first_name?: string, last_name?: string} $row Row.
	 * @return int|\WP_Error The new user's ID, or why WordPress refused it.
	 */
	private function create_account( array $row ) {
		$first   = sanitize_text_field( $row['first_name'] ?? '' );
		$last    = sanitize_text_field( $row['last_name'] ?? '' );
		$user_id = wp_insert_user(
			array(
				'user_login'   => self::free_login( $row['email'] ),
				'user_email'   => $row['email'],
				'user_pass'    => wp_generate_password( 24 ),
				'first_name'   => $first,
				'last_name'    => $last,
				'display_name' => trim( $first . ' ' . $last ),
				'meta_input'   => array( WelcomeEmails::PENDING_META => '1' ),
			)
		);
		return $user_id;
	}

	/**
	 * A login for a new account: the address's part before the @, made unique with a number.
	 *
	 * @param string $email E-mail address.
	 */
	private static function free_login( string $email ): string {
		$local = (string) strstr( $email, '@', true );
		$base  = substr( sanitize_user( $local, true ), 0, 50 );
		$base  = '' === $base ? 'member' : $base;
		$login = $base;
		$n     = 2;
		while ( username_exists( $login ) ) {
			$login = $base . '-' . $n;
			++$n;
		}
		return $login;
	}

	/**
	 * A date field as the admin form shows it: Y-m-d in site time ('' for none). An end is the
	 * last second of its day; one stored as the next midnight (e.g. by the demo seeder) shows
	 * the day before it too.
	 *
	 * @param int  $timestamp Unix seconds (0: none).
	 * @param bool $is_end    Whether it is an end (contract end, item expiry).
	 */
	public static function date_field( int $timestamp, bool $is_end ): string {
		if ( 0 === $timestamp ) {
			return '';
		}
		return (string) wp_date( 'Y-m-d', $is_end ? $timestamp - 1 : $timestamp );
	}

	/**
	 * The stored fields from the given values.
	 *
	 * @param array<string, mixed> $input Values.
	 * @return array{title: string, organizer_name: string, organizer_title: string, organizer_phone: string, organizer_email: string, organizer_thumb: string, starts_at: int, ends_at: int, status: string}
	 * @throws InvalidArgumentException When a value is invalid.
	 */
	private function fields( array $input ): array {
		$text = static fn( string $key ): string => sanitize_text_field( (string) ( $input[ $key ] ?? '' ) );

		$title = $text( 'title' );
		if ( '' === $title ) {
			throw new InvalidArgumentException( esc_html__( 'The contract needs a title.', 'library-portal' ) );
		}
		$fields = array(
			'title'           => $title,
			'organizer_name'  => $text( 'organizer_name' ),
			'organizer_title' => $text( 'organizer_title' ),
		);
		$labels = array(
			'title'           => __( 'Title', 'library-portal' ),
			'organizer_name'  => __( 'Organizer name', 'library-portal' ),
			'organizer_title' => __( 'Organizer title', 'library-portal' ),
		);
		foreach ( $fields as $key => $value ) {
			if ( mb_strlen( $value ) > 200 ) {
				/* translators: %s: field label. */
				throw new InvalidArgumentException( esc_html( sprintf( __( '%s is longer than 200 characters.', 'library-portal' ), $labels[ $key ] ) ) );
			}
		}

		$phone = $text( 'organizer_phone' );
		if ( '' !== $phone && ( ! preg_match( '#^\+?[0-9 ().\-/]+$#', $phone ) || preg_match_all( '/[0-9]/', $phone ) < 3 || strlen( $phone ) > 50 ) ) {
			throw new InvalidArgumentException( esc_html__( 'The organizer phone may hold digits, spaces, + ( ) - . and / only (at least 3 digits, at most 50 characters).', 'library-portal' ) );
		}
		$email = trim( (string) ( $input['organizer_email'] ?? '' ) );
		if ( '' !== $email && ( ! is_email( $email ) || strlen( $email ) > 190 ) ) {
			throw new InvalidArgumentException( esc_html__( 'The organizer e-mail is not a valid e-mail address.', 'library-portal' ) );
		}

		$starts_at = self::start_of_day( (string) ( $input['starts'] ?? '' ) );
		$ends_at   = self::end_of_day( (string) ( $input['ends'] ?? '' ), __( 'End date', 'library-portal' ) );
		if ( 0 !== $ends_at && $ends_at <= $starts_at ) {
			throw new InvalidArgumentException( esc_html__( 'The end date is before the start date.', 'library-portal' ) );
		}
		$status = (string) ( $input['status'] ?? 'active' );
		if ( ! in_array( $status, self::STATUSES, true ) ) {
			throw new InvalidArgumentException( esc_html__( 'The status must be active or inactive.', 'library-portal' ) );
		}

		return $fields + array(
			'organizer_phone' => $phone,
			'organizer_email' => sanitize_email( $email ),
			'organizer_thumb' => self::thumb( trim( (string) ( $input['organizer_thumb'] ?? '' ) ) ),
			'starts_at'       => $starts_at,
			'ends_at'         => $ends_at,
			'status'          => $status,
		);
	}

	/**
	 * The picture's address: an image from the media library (by ID) or an http(s) address.
	 *
	 * @param string $value Attachment ID or address.
	 * @throws InvalidArgumentException When it is neither.
	 */
	private static function thumb( string $value ): string {
		if ( '' === $value ) {
			return '';
		}
		if ( ctype_digit( $value ) ) {
			$url = wp_attachment_is_image( (int) $value ) ? wp_get_attachment_image_url( (int) $value, 'medium' ) : false;
			if ( ! $url ) {
				/* translators: %s: attachment ID. */
				throw new InvalidArgumentException( esc_html( sprintf( __( 'There is no image with the ID %s in the media library.', 'library-portal' ), $value ) ) );
			}
			return $url;
		}
		$scheme = strtolower( (string) wp_parse_url( $value, PHP_URL_SCHEME ) );
		$url    = esc_url_raw( $value, array( 'http', 'https' ) );
		if ( ! in_array( $scheme, array( 'http', 'https' ), true ) || '' === $url || false === filter_var( $url, FILTER_VALIDATE_URL ) || strlen( $url ) > 255 ) {
			throw new InvalidArgumentException( esc_html__( 'The organizer picture must be an image from the media library or an http(s) address.', 'library-portal' ) );
		}
		return $url;
	}

	/**
	 * The first second of a day in site time, 0 for ''.
	 *
	 * @param string $date Y-m-d.
	 * @throws InvalidArgumentException When it is not a date.
	 */
	private static function start_of_day( string $date ): int {
		$day = self::day( $date, __( 'Start date', 'library-portal' ) );
		return null === $day ? 0 : $day->getTimestamp();
	}

	/**
	 * The last second of a day in site time (the day counts in full; the portal shows that
	 * day as the expiry), 0 for ''.
	 *
	 * @param string $date  Y-m-d.
	 * @param string $label Field label for the message.
	 * @throws InvalidArgumentException When it is not a date.
	 */
	private static function end_of_day( string $date, string $label ): int {
		$day = self::day( $date, $label );
		return null === $day ? 0 : $day->modify( '+1 day' )->getTimestamp() - 1;
	}

	/**
	 * Midnight of a Y-m-d day in the site's time zone, null for ''.
	 *
	 * @param string $date  Y-m-d.
	 * @param string $label Field label for the message.
	 * @throws InvalidArgumentException When it is not a real date.
	 */
	private static function day( string $date, string $label ): ?DateTimeImmutable {
		$date = trim( $date );
		if ( '' === $date ) {
			return null;
		}
		$day = DateTimeImmutable::createFromFormat( '!Y-m-d', $date, wp_timezone() );
		if ( false === $day || $day->format( 'Y-m-d' ) !== $date ) {
			/* translators: 1: field label, 2: what was typed. */
			throw new InvalidArgumentException( esc_html( sprintf( __( '%1$s "%2$s" is not a date (YYYY-MM-DD).', 'library-portal' ), $label, $date ) ) );
		}
		return $day;
	}

	/**
	 * A user's ID from an e-mail address or an ID.
	 *
	 * @param string $who E-mail address or user ID.
	 * @throws InvalidArgumentException When there is no such account.
	 */
	private function user_id( string $who ): int {
		$who  = trim( $who );
		$user = ctype_digit( $who ) ? get_user_by( 'id', (int) $who ) : ( is_email( $who ) ? get_user_by( 'email', $who ) : false );
		$user = \LibraryPortal\Core\People\SiteMembers::on_this_site()->visible( $user ? $user : null ); // This site's people only: docs/rules/platform.md "Multisite".
		if ( ! $user ) {
			throw new InvalidArgumentException(
				is_email( $who ) || ctype_digit( $who )
					/* translators: %s: e-mail address or user ID. */
					? esc_html( sprintf( __( 'No account with the e-mail or ID %s.', 'library-portal' ), $who ) )
					/* translators: %s: what was typed. */
					: esc_html( sprintf( __( '"%s" is neither an e-mail address nor a user ID.', 'library-portal' ), $who ) )
			);
		}
		return (int) $user->ID;
	}

	/**
	 * Adds the words of the audit actions this class writes (AuditWords::LABELS).
	 *
	 * @param array<string, string> $labels Action code => words.
	 * @return array<string, string>
	 */
	public static function audit_labels( array $labels ): array {
		$labels[ self::DELETE_ACTION ] = __( 'Contract deleted', 'library-portal' );
		$labels[ self::IMPORT_ACTION ] = __( 'Members imported', 'library-portal' );
		return $labels;
	}

	/**
	 * The details of an audit row this class wrote, in words (AuditWords::DETAILS); the text as
	 * given for any other row.
	 *
	 * @param string|null $text  Words found so far (null: none).
	 * @param AuditEntry  $entry The row.
	 */
	public static function audit_details( ?string $text, AuditEntry $entry ): ?string {
		$details = $entry->details();
		if ( self::DELETE_ACTION === $entry->action ) {
			$members = (int) ( $details['members'] ?? 0 );
			/* translators: 1: contract title, 2: number of members. */
			return sprintf( _n( 'Contract “%1$s” deleted: %2$d member lost its library', 'Contract “%1$s” deleted: %2$d members lost its library', $members, 'library-portal' ), (string) ( $details['title'] ?? '' ), $members );
		}
		if ( self::IMPORT_ACTION === $entry->action ) {
			$added = (int) ( $details['added'] ?? 0 );
			$known = (int) ( $details['already'] ?? 0 );
			$bad   = (int) ( $details['bad'] ?? 0 );
			return implode(
				', ',
				array(
					/* translators: 1: contract ID, 2: number of members. */
					sprintf( _n( 'Contract #%1$d: %2$d member added', 'Contract #%1$d: %2$d members added', $added, 'library-portal' ), (int) ( $details['contract'] ?? 0 ), $added ),
					/* translators: %d: number of people. */
					sprintf( _n( '%d already a member', '%d already members', $known, 'library-portal' ), $known ),
					/* translators: %d: number of rows. */
					sprintf( _n( '%d bad row', '%d bad rows', $bad, 'library-portal' ), $bad ),
				)
			);
		}
		return $text;
	}
}
