<?php
/**
 * Rows that hold an e-mail address someone else typed.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Core\Seats;

use LibraryPortal\Core\Database\Repository;
use LibraryPortal\Platform\Database\WriteFailed;

/**
 * An address is personal data wherever it is stored, whether or not it belongs to an account:
 * share records and share links keep the address a sharer invited, the share e-mail history
 * every address written to, a contract the organizer's e-mail, and a notification may quote an
 * address in its text. These rows belong to someone else (the sharer, the contract), so privacy
 * requests find them by the address itself, compared without regard to case
 * (docs/rules/privacy.md, "Privacy, uninstall and deleted users").
 */
final class AddressRepository extends Repository {

	/**
	 * The rows addressed to an address: share records, e-mailed links and sent e-mails, in that
	 * order, oldest first within each kind. Few per address, so read whole.
	 *
	 * @param string $email Address.
	 * @return array<int, array{kind: string, id: int, product_id: int, state: string, created_at: int}>
	 *         kind: share (state: accepted, returned, revoked, …), link (state: open or revoked) or
	 *         mail (state: sent or failed).
	 */
	public function addressed_to( string $email ): array {
		$email = self::normal( $email );
		if ( '' === $email ) {
			return array();
		}
		$shares = (array) $this->db->get_results(
			$this->db->prepare( 'SELECT id, product_id, status AS state, created_at FROM %i WHERE LOWER(recipient_email) = %s ORDER BY id', $this->table( 'shares' ), $email ),
			ARRAY_A
		);
		$links  = (array) $this->db->get_results(
			$this->db->prepare( "SELECT id, product_id, CASE WHEN revoked_at > 0 THEN 'revoked' ELSE 'open' END AS state, created_at FROM %i WHERE LOWER(recipient_email) = %s ORDER BY id", $this->table( 'share_links' ), $email ),
			ARRAY_A
		);
		$mails  = (array) $this->db->get_results(
			$this->db->prepare( "SELECT id, product_id, CASE WHEN accepted = 1 THEN 'sent' ELSE 'failed' END AS state, created_at FROM %i WHERE LOWER(email) = %s ORDER BY id", $this->table( 'mail_history' ), $email ),
			ARRAY_A
		);
		$rows   = array();
		foreach ( array(
			'share' => $shares,
			'link'  => $links,
			'mail'  => $mails,
		) as $kind => $found ) {
			foreach ( $found as $row ) {
				$rows[] = array(
					'kind'       => $kind,
					'id'         => (int) $row['id'],
					'product_id' => (int) $row['product_id'],
					'state'      => (string) $row['state'],
					'created_at' => (int) $row['created_at'],
				);
			}
		}
		return $rows;
	}

	/**
	 * The contracts that name an address as their organizer's e-mail.
	 *
	 * @param string $email Address.
	 * @return array<int, array{id: int, title: string, organizer_name: string, organizer_title: string, organizer_phone: string}>
	 */
	public function organizer_of( string $email ): array {
		$email = self::normal( $email );
		if ( '' === $email ) {
			return array();
		}
		$rows = (array) $this->db->get_results(
			$this->db->prepare( 'SELECT id, title, organizer_name, organizer_title, organizer_phone FROM %i WHERE LOWER(organizer_email) = %s ORDER BY id', $this->table( 'contracts' ), $email ),
			ARRAY_A
		);
		return array_map(
			static fn( array $row ): array => array(
				'id'              => (int) $row['id'],
				'title'           => (string) $row['title'],
				'organizer_name'  => (string) $row['organizer_name'],
				'organizer_title' => (string) $row['organizer_title'],
				'organizer_phone' => (string) $row['organizer_phone'],
			),
			$rows
		);
	}

	/**
	 * Takes an address out of every row that holds it: share records, share links and the e-mail
	 * history keep their row (the sharer's records, the daily quota) with $replacement instead,
	 * contracts lose the organizer's e-mail, notifications that quote it are deleted.
	 *
	 * @param string $email       Address.
	 * @param string $replacement What share records, links and e-mails hold instead.
	 * @return array{shares: int, links: int, mail: int, organizers: int, notifications: int} Rows changed.
	 * @throws WriteFailed When the database refused a statement.
	 */
	public function erase( string $email, string $replacement ): array {
		$email = self::normal( $email );
		if ( '' === $email ) {
			return array(
				'shares'        => 0,
				'links'         => 0,
				'mail'          => 0,
				'organizers'    => 0,
				'notifications' => 0,
			);
		}
		return array(
			'shares'        => $this->must( $this->db->query( $this->db->prepare( 'UPDATE %i SET recipient_email = %s WHERE LOWER(recipient_email) = %s', $this->table( 'shares' ), $replacement, $email ) ), 'erase an address from share records' ),
			'links'         => $this->must( $this->db->query( $this->db->prepare( 'UPDATE %i SET recipient_email = %s WHERE LOWER(recipient_email) = %s', $this->table( 'share_links' ), $replacement, $email ) ), 'erase an address from share links' ),
			'mail'          => $this->must( $this->db->query( $this->db->prepare( 'UPDATE %i SET email = %s WHERE LOWER(email) = %s', $this->table( 'mail_history' ), $replacement, $email ) ), 'erase an address from the e-mail history' ),
			'organizers'    => $this->must( $this->db->query( $this->db->prepare( "UPDATE %i SET organizer_email = '' WHERE LOWER(organizer_email) = %s", $this->table( 'contracts' ), $email ) ), 'erase an organizer address' ),
			'notifications' => $this->must( $this->db->query( $this->db->prepare( 'DELETE FROM %i WHERE INSTR(LOWER(message), %s) > 0', $this->table( 'notifications' ), $email ) ), 'erase notifications quoting an address' ),
		);
	}

	/**
	 * An address as compared: trimmed, lower case ('' when it is no address).
	 *
	 * @param string $email Address.
	 */
	private static function normal( string $email ): string {
		$email = strtolower( trim( $email ) );
		return is_email( $email ) ? $email : '';
	}
}
