<?php
/**
 * Demo and benchmark data, written through the plugin's own repositories.
 *
 * Dev tooling only: this folder is not shipped (.distignore, bin/package) and is autoloaded
 * through composer's autoload-dev, so only the local sites, the bench and the tests reach it.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Dev;

use LibraryPortal\Core\Contracts\ContractRepository;
use LibraryPortal\Core\Items\ContentType;
use LibraryPortal\Core\Items\ItemPostType;
use LibraryPortal\Core\Notices\NotificationRepository;
use LibraryPortal\Core\Notices\Notifier;
use LibraryPortal\Core\Rows\CertificateRepository;
use LibraryPortal\Core\Rows\ProgressRepository;
use LibraryPortal\Core\Seats\LicenseRepository;
use LibraryPortal\Core\Seats\MailHistoryRepository;
use LibraryPortal\Core\Seats\ShareMethod;
use LibraryPortal\Core\Seats\ShareRepository;
use LibraryPortal\Core\Settings;
use LibraryPortal\Core\Site\AccountLinks;
use wpdb;

/**
 * Seeds a library that shows every content type and status: an owner with purchased,
 * in-progress, completed, take-test, shared, member and expired items; team members with
 * shared licenses; a member-only user; a contract with an organizer; notifications.
 *
 * Idempotent: a second run changes no data. Passwords are never stored in the database: the
 * caller keeps them in var/sites/<site>/logins.json and hands them back on the next run.
 */
final class DemoSeeder {

	/**
	 * Marks a seeded site (a flag only; never any password).
	 */
	public const SEEDED_OPTION = 'library_portal_demo_seeded';

	/**
	 * Folder under wp-content where bin/make-demo-media puts the demo's videos.
	 */
	public const MEDIA_DIR = 'library-portal-demo';

	/**
	 * Attachment meta naming the demo thumbnail file an attachment was imported from.
	 */
	public const THUMBNAIL_META = '_lp_demo_thumbnail';

	/**
	 * The demo page under which each demo e-course has its page (the e-courses' course address).
	 */
	public const COURSES_PAGE = 'demo-courses';

	/**
	 * The demo page the dashboard's Contact Us leads to (the contact_url setting, set by attach_pages()).
	 */
	public const CONTACT_PAGE = 'contact-us';

	/**
	 * The demo's tests (`_lp_quiz`), by item title: three or four questions each, pass mark 80.
	 * The e2e tests answer them from this list (tests/e2e/support/learning.ts keeps the answers).
	 */
	public const QUIZZES = array(
		'Trauma-Informed Care'                => array(
			array( 'In trauma-informed care, the question "What is wrong with you?" becomes:', array( '"Why did you do that?"', '"What happened to you?"', '"Who is to blame?"', '"How fast can you change?"' ), 1 ),
			array( 'Which principle comes first in a trauma-informed service?', array( 'Speed of treatment', 'Strict compliance with rules', 'Safety', 'A diagnosis before anything else' ), 2 ),
			array( 'A client startles when a door slams. A trauma-informed first response is to:', array( 'Ground the client and restore a sense of safety', 'Carry on with the session as planned', 'Ask for a detailed account of the trauma', 'End the session at once' ), 0 ),
			array( 'Which practice supports a client\'s choice and control?', array( 'Deciding the treatment plan alone', 'Keeping the session agenda private', 'Using the same approach with everyone', 'Explaining the options and asking for consent before each step' ), 3 ),
		),
		'Anxiety in Children and Adolescents' => array(
			array( 'Which treatment has the strongest evidence for anxiety in children and adolescents?', array( 'Reassurance alone', 'Cognitive behavioural therapy with gradual exposure', 'Avoiding the feared situations', 'Restricting sleep' ), 1 ),
			array( 'Why are parents coached to reduce accommodation of a child\'s anxiety?', array( 'Accommodation keeps avoidance going over time', 'It makes sessions shorter', 'Children prefer it', 'Schools require it' ), 0 ),
			array( 'Which is a common physical sign of anxiety in children?', array( 'Faster hair growth', 'A better appetite', 'Stomach aches before school', 'Deeper sleep' ), 2 ),
		),
		'Motivational Interviewing Intensive' => array(
			array( 'What is "change talk" in motivational interviewing?', array( 'The practitioner\'s advice', 'The client\'s own statements in favour of change', 'The closing summary', 'A written treatment contract' ), 1 ),
			array( 'Which of the OARS skills gives back what the client said?', array( 'Open questions', 'Affirmations', 'Reflections', 'Summaries' ), 2 ),
			array( 'How does a practitioner respond to sustain talk?', array( 'Reflect it without arguing', 'Correct the client firmly', 'Change the subject', 'End the session' ), 0 ),
		),
		'Clinical Documentation Essentials'   => array(
			array( 'When is a progress note best written?', array( 'At the end of the month', 'Only when the file is audited', 'As soon as possible after the session', 'Only for new clients' ), 2 ),
			array( 'What belongs in a progress note?', array( 'Observations, interventions and the client\'s response', 'Personal opinions about the client', 'Other clients\' details', 'Remarks from colleagues' ), 0 ),
			array( 'How is an error in a record corrected?', array( 'Erase it', 'Delete the whole note', 'Leave it as it is', 'Mark it, add the correction, then date and sign it' ), 3 ),
		),
	);

	/**
	 * Seats and grants.
	 *
	 * @var LicenseRepository
	 */
	private LicenseRepository $licenses;

	/**
	 * Progress.
	 *
	 * @var ProgressRepository
	 */
	private ProgressRepository $progress;

	/**
	 * Certificates.
	 *
	 * @var CertificateRepository
	 */
	private CertificateRepository $certificates;

	/**
	 * Contracts.
	 *
	 * @var ContractRepository
	 */
	private ContractRepository $contracts;

	/**
	 * Notifications.
	 *
	 * @var Notifier
	 */
	private Notifier $notifications;

	/**
	 * Share records.
	 *
	 * @var ShareRepository
	 */
	private ShareRepository $shares;

	/**
	 * E-mail share history.
	 *
	 * @var MailHistoryRepository
	 */
	private MailHistoryRepository $history;

	/**
	 * Settings.
	 *
	 * @var Settings
	 */
	private Settings $settings;

	/**
	 * Wires the seeder to a connection; it writes through the plugin's repositories, whose
	 * change events keep the library caches right.
	 *
	 * @param wpdb $db Database connection.
	 */
	public function __construct( wpdb $db ) {
		$this->licenses      = new LicenseRepository( $db );
		$this->progress      = new ProgressRepository( $db );
		$this->certificates  = new CertificateRepository( $db );
		$this->contracts     = new ContractRepository( $db );
		$this->notifications = new Notifier( new NotificationRepository( $db ) );
		$this->shares        = new ShareRepository( $db );
		$this->history       = new MailHistoryRepository( $db );
		$this->settings      = new Settings();
	}

	/**
	 * A seeder on WordPress's connection.
	 */
	public static function create(): self {
		global $wpdb;
		return new self( $wpdb );
	}

	/**
	 * Seeds the demo once and returns the demo logins.
	 *
	 * On a seeded site nothing changes: a login whose password in $known still works keeps it;
	 * only a demo user whose password is unknown gets a new one (the logins file was removed).
	 *
	 * @param array<int, array{login?: string, password?: string}> $known Rows of the existing logins file.
	 * @return array<int, array{role: string, login: string, password: string}>
	 */
	public function seed( array $known = array() ): array {
		$people    = array(
			'owner'      => array( 'Owner (team manager)', 'demo-owner', 'Olivia Bennett' ),
			'member'     => array( 'Team member', 'demo-member', 'Theo Alvarez' ),
			'member2'    => array( 'Team member', 'demo-member2', 'Mia Chen' ),
			'memberonly' => array( 'Member-only user', 'demo-memberonly', 'Noah Patel' ),
			'contract'   => array( 'Contract user', 'demo-contract', 'Ruth Okafor' ),
		);
		$passwords = array();
		foreach ( $known as $row ) {
			if ( isset( $row['login'], $row['password'] ) ) {
				$passwords[ (string) $row['login'] ] = (string) $row['password'];
			}
		}

		$logins   = array();
		$user_ids = array();
		foreach ( $people as $key => list( $role, $login, $name ) ) {
			$password         = $passwords[ $login ] ?? '';
			$user_ids[ $key ] = $this->user( $login, $name, $password );
			$logins[]         = array(
				'role'     => $role,
				'login'    => $login,
				'password' => $this->password_of( $user_ids[ $key ], $password ),
			);
		}
		// A site seeded by an older seeder has its flag under the old name (which held passwords).
		if ( get_option( self::SEEDED_OPTION ) || get_option( 'library_portal_demo_logins' ) ) {
			update_option( self::SEEDED_OPTION, 1, false );
			delete_option( 'library_portal_demo_logins' );
			$this->attach_thumbnails(); // A site seeded before the demo had thumbnails gets them.
			$this->attach_logos(); // ... and before the brands had logos.
			$this->attach_learning(); // ... and before it had videos, subtitles, manuals and tests.
			$this->attach_pages(); // ... and before it had its account and course pages.
			$this->attach_captions(); // ... and before the walkthrough had captions.
			return $logins;
		}

		$now = time();

		$this->seed_owner_library( $user_ids, $now );
		$this->seed_member_only( $user_ids['memberonly'], $now );
		$this->seed_contract( $user_ids['contract'], $now );

		$this->settings->update(
			array(
				'share_users'        => true,
				'walkthrough_harbor' => self::demo_video( 'walkthrough-harbor' ),
				'walkthrough_summit' => self::demo_video( 'walkthrough-summit' ),
			)
		);
		$this->attach_captions();
		$this->attach_logos();
		$this->attach_thumbnails();
		$this->attach_learning();
		$this->attach_pages();
		update_option( self::SEEDED_OPTION, 1, false );
		return $logins;
	}

	/**
	 * Pages a real site has and the demo would otherwise lack, so every sidebar entry and every
	 * e-course opens a page: each Account Details link the shop does not serve gets a page at the
	 * spec's path (my-account/orders, ...; AccountLinks then lists it), and each e-course a page
	 * at its course address. A page already there is kept.
	 *
	 * @return int Pages made.
	 */
	public function attach_pages(): int {
		$made   = 0;
		$page   = function ( string $path, string $title, string $text ) use ( &$made ): void {
			if ( get_page_by_path( $path ) ) {
				return;
			}
			$slashes = strrpos( $path, '/' );
			$parent  = false === $slashes ? null : get_page_by_path( substr( $path, 0, $slashes ) );
			$made   += (int) ( wp_insert_post(
				array(
					'post_type'    => 'page',
					'post_status'  => 'publish',
					'post_title'   => $title,
					'post_name'    => false === $slashes ? $path : substr( $path, $slashes + 1 ),
					'post_parent'  => $parent ? $parent->ID : 0,
					'post_content' => '<!-- wp:paragraph --><p>' . esc_html( $text ) . '</p><!-- /wp:paragraph -->',
				)
			) > 0 );
		};
		$titles = array(
			'certificate-program' => 'Certificate Program',
			'orders'              => 'Orders',
			'subscriptions'       => 'Subscriptions',
			'addresses'           => 'Addresses',
			'payment-methods'     => 'Payment Methods',
			'wallet'              => 'Wallet Balance',
		);
		$urls   = ( new AccountLinks( $this->settings ) )->urls();
		foreach ( $titles as $key => $title ) {
			if ( '' !== $urls[ $key ] ) {
				continue; // The shop (or a setting) already gives this link a page.
			}
			$path = AccountLinks::PATHS[ $key ];
			$page( (string) strtok( $path, '/' ), 'My Account', 'Demo account area: on a real site the shop shows the customer\'s account here.' );
			$page( $path, $title, sprintf( 'Demo page: on a real site the shop shows the customer\'s %s here.', strtolower( $title ) ) );
		}
		$courses = get_posts(
			array(
				'post_type'   => ItemPostType::POST_TYPE,
				'post_status' => 'publish',
				'numberposts' => -1,
				'meta_key'    => '_lp_content_type', // phpcs:ignore WordPress.DB.SlowDBQuery.slow_db_query_meta_key -- dev seeding, a handful of items.
				'meta_value'  => ContentType::E_COURSE, // phpcs:ignore WordPress.DB.SlowDBQuery.slow_db_query_meta_value
			)
		);
		// The dashboard's Contact Us shows only with an address (Settings): the demo makes a page for it
		// and points the setting there, unless an admin already chose one.
		$contact_made = ! get_page_by_path( self::CONTACT_PAGE );
		$page( self::CONTACT_PAGE, 'Contact Us', 'Demo contact page: on a real site the training team\'s address, phone and hours are here.' );
		if ( $contact_made && '' === (string) $this->settings->get( 'contact_url' ) ) {
			$this->settings->update( array( 'contact_url' => '/' . self::CONTACT_PAGE . '/' ) );
		}
		foreach ( $courses as $course ) {
			if ( '' === (string) get_post_meta( $course->ID, '_lp_course_url', true ) ) {
				update_post_meta( $course->ID, '_lp_course_url', home_url( '/' . self::COURSES_PAGE . '/' . $course->post_name . '/' ) );
			}
			$page( self::COURSES_PAGE, 'Demo courses', 'Demo e-courses: on a real site each e-course lives on its course platform.' );
			$page( self::COURSES_PAGE . '/' . $course->post_name, $course->post_title, 'Demo e-course: on a real site the course platform opens here.' );
		}
		return $made;
	}

	/**
	 * Fills what the demo items lack for learning, from bin/make-demo-media's files: every video
	 * item gets HLS media (a multi-part item the workshop's parts in turn, a single video the
	 * webinar), their durations (from the playlists) and English subtitles; the e-manuals get the
	 * PDF manual in place of their placeholder address; the workshop gets its handout; the items
	 * in QUIZZES get their test. Meta that is already set is kept, so a rerun changes nothing and
	 * an edit made in wp-admin stays. Without the files, nothing happens. Items seeded by
	 * seed_library_for() (the bench) are left as they are: it does not call this.
	 *
	 * @param string $folder Folder of the demo media; default: wp-content/library-portal-demo.
	 * @return int Items that changed.
	 */
	public function attach_learning( string $folder = '' ): int {
		$folder  = '' !== $folder ? $folder : WP_CONTENT_DIR . '/' . self::MEDIA_DIR;
		$webinar = $this->demo_lesson( $folder, 'webinar' );
		$parts   = array_values( array_filter( array_map( fn( int $n ) => $this->demo_lesson( $folder, "workshop/part-$n" ), array( 1, 2, 3 ) ) ) );
		$manual  = $this->demo_file( $folder, 'manual/cbt-skills-workbook.pdf' );
		$handout = $this->demo_file( $folder, 'workshop/handout.pdf' );
		$items   = get_posts(
			array(
				'post_type'      => ItemPostType::POST_TYPE,
				'post_status'    => 'any',
				'posts_per_page' => 200, // phpcs:ignore WordPress.WP.PostsPerPage -- the demo has a few dozen items.
				'orderby'        => 'ID',
				'order'          => 'ASC',
			)
		);
		$changed = 0;
		foreach ( $items as $post ) {
			$item_id = (int) $post->ID;
			$type    = (string) get_post_meta( $item_id, '_lp_content_type', true );
			$meta    = array();
			if ( ContentType::has_video( $type ) ) {
				$meta = $this->video_meta( $item_id, $webinar, $parts );
			}
			$download = (string) get_post_meta( $item_id, '_lp_download_link', true );
			if ( ContentType::E_MANUAL === $type && '' !== $manual && ( '' === $download || str_starts_with( $download, home_url( '/downloads/' ) ) ) ) {
				$meta['_lp_download_link'] = $manual;
			}
			if ( 'Trauma-Informed Care' === $post->post_title && '' !== $handout && '' === (string) get_post_meta( $item_id, '_lp_attachment_url', true ) ) {
				$meta['_lp_attachment_url'] = $handout;
			}
			if ( isset( self::QUIZZES[ $post->post_title ] ) && ! metadata_exists( 'post', $item_id, '_lp_quiz' ) ) {
				$meta['_lp_quiz'] = self::quiz( self::QUIZZES[ $post->post_title ] );
			}
			foreach ( $meta as $key => $value ) {
				update_post_meta( $item_id, $key, $value );
			}
			$changed += $meta ? 1 : 0;
		}
		return $changed;
	}

	/**
	 * The video meta an item lacks: parts (or the single video) with address, thumbnail and
	 * duration, and one English subtitle per part.
	 *
	 * @param int                                                                 $item_id Item.
	 * @param array{url: string, thumb: string, duration: int, subtitles: string}|null $webinar The single video's media.
	 * @param array<int, array{url: string, thumb: string, duration: int, subtitles: string}> $parts   The workshop's parts.
	 * @return array<string, mixed> Meta to write.
	 */
	private function video_meta( int $item_id, ?array $webinar, array $parts ): array {
		$meta      = array();
		$subtitles = array();
		$stored    = get_post_meta( $item_id, '_lp_video_parts', true );
		$stored    = is_array( $stored ) ? array_values( $stored ) : array();
		if ( count( $stored ) >= 2 && $parts ) {
			$filled = false;
			foreach ( $stored as $index => $part ) {
				$media = $parts[ $index % count( $parts ) ];
				if ( empty( $part['url'] ) ) {
					$stored[ $index ] = array_merge(
						(array) $part,
						array(
							'url'      => $media['url'],
							'thumb'    => $media['thumb'],
							'duration' => $media['duration'],
						)
					);
					$filled           = true;
				}
				$subtitles[] = array(
					'url'      => $media['subtitles'],
					'language' => 'en',
					'part'     => $index,
				);
			}
			if ( $filled ) {
				$meta['_lp_video_parts'] = $stored;
			}
		} elseif ( count( $stored ) < 2 && $webinar && '' === (string) get_post_meta( $item_id, '_lp_video_url', true ) ) {
			$meta['_lp_video_url']      = $webinar['url'];
			$meta['_lp_video_duration'] = $webinar['duration'];
			$subtitles[]                = array(
				'url'      => $webinar['subtitles'],
				'language' => 'en',
				'part'     => 0,
			);
		}
		// Subtitles only beside media the demo filled in: they belong to those files.
		if ( $meta && ! get_post_meta( $item_id, '_lp_subtitles', true ) ) {
			$meta['_lp_subtitles'] = $subtitles;
		}
		return $meta;
	}

	/**
	 * One HLS lesson made by bin/make-demo-media (playlist, thumb.jpg, subtitles/en.vtt), or null
	 * when a file is missing. The duration is the sum of the playlist's segments, rounded.
	 *
	 * @param string $folder Demo media folder.
	 * @param string $name   Lesson folder inside it.
	 * @return array{url: string, thumb: string, duration: int, subtitles: string}|null
	 */
	private function demo_lesson( string $folder, string $name ): ?array {
		$playlist = "$folder/$name/index.m3u8";
		$url      = $this->demo_file( $folder, "$name/index.m3u8" );
		$thumb    = $this->demo_file( $folder, "$name/thumb.jpg" );
		$vtt      = $this->demo_file( $folder, "$name/subtitles/en.vtt" );
		if ( '' === $url || '' === $thumb || '' === $vtt ) {
			return null;
		}
		// phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a local file made by bin/make-demo-media.
		preg_match_all( '/^#EXTINF:([0-9.]+)/m', (string) file_get_contents( $playlist ), $segments );
		return array(
			'url'       => $url,
			'thumb'     => $thumb,
			'duration'  => (int) round( array_sum( array_map( 'floatval', $segments[1] ) ) ),
			'subtitles' => $vtt,
		);
	}

	/**
	 * Address of a demo media file, or '' when it was not made. Only the default folder (under
	 * wp-content) has an address; another folder (a test's) yields its files' paths under it.
	 *
	 * @param string $folder Demo media folder.
	 * @param string $file   File inside it.
	 */
	private function demo_file( string $folder, string $file ): string {
		if ( ! is_readable( "$folder/$file" ) ) {
			return '';
		}
		$root = wp_normalize_path( WP_CONTENT_DIR ) . '/';
		$path = wp_normalize_path( "$folder/$file" );
		return str_starts_with( $path, $root ) ? content_url( substr( $path, strlen( $root ) ) ) : '';
	}

	/**
	 * A `_lp_quiz` value (the contract's shape) from QUIZZES rows.
	 *
	 * @param array<int, array{0: string, 1: string[], 2: int}> $rows Question, answers, index of the right one.
	 * @return array{pass_mark: int, questions: array<int, array{id: string, text: string, answers: string[], correct: int}>}
	 */
	public static function quiz( array $rows ): array {
		$questions = array();
		foreach ( $rows as $index => list( $text, $answers, $correct ) ) {
			$questions[] = array(
				'id'      => 'q' . ( $index + 1 ),
				'text'    => $text,
				'answers' => $answers,
				'correct' => $correct,
			);
		}
		return array(
			'pass_mark' => 80,
			'questions' => $questions,
		);
	}

	/**
	 * Gives every demo item without a featured image the thumbnail of its content type that
	 * bin/make-demo-media made (thumbnails/<type>-<1|2>.jpg). Each image file is imported into the
	 * media library once and shared by the items of its kind; without the files, nothing happens.
	 *
	 * @param string $folder Folder of the image files; default: the demo media's thumbnails folder.
	 * @return int Items that got a thumbnail.
	 */
	public function attach_thumbnails( string $folder = '' ): int {
		$folder   = '' !== $folder ? $folder : WP_CONTENT_DIR . '/' . self::MEDIA_DIR . '/thumbnails';
		$items    = get_posts(
			array(
				'post_type'      => ItemPostType::POST_TYPE,
				'post_status'    => 'any',
				'posts_per_page' => 200, // phpcs:ignore WordPress.WP.PostsPerPage -- the demo has a few dozen items.
				'orderby'        => 'ID',
				'order'          => 'ASC',
				'fields'         => 'ids',
				// phpcs:ignore WordPress.DB.SlowDBQuery.slow_db_query_meta_query -- dev seeder, a few dozen items.
				'meta_query'     => array(
					array(
						'key'     => '_thumbnail_id',
						'compare' => 'NOT EXISTS',
					),
				),
			)
		);
		$attached = 0;
		foreach ( $items as $index => $item_id ) {
			$type          = (string) get_post_meta( (int) $item_id, '_lp_content_type', true );
			$attachment_id = $this->demo_thumbnail( $folder, $type . '-' . ( 1 + $index % 2 ) . '.jpg' );
			if ( $attachment_id && set_post_thumbnail( (int) $item_id, $attachment_id ) ) {
				++$attached;
			}
		}
		return $attached;
	}

	/**
	 * The attachment of a demo thumbnail file, imported on first use; 0 when the file is missing.
	 *
	 * @param string $folder Folder of the image files.
	 * @param string $file   File name in that folder.
	 */
	private function demo_thumbnail( string $folder, string $file ): int {
		$existing = get_posts(
			array(
				'post_type'      => 'attachment',
				'post_status'    => 'inherit',
				'posts_per_page' => 1,
				'fields'         => 'ids',
				// phpcs:ignore WordPress.DB.SlowDBQuery.slow_db_query_meta_key, WordPress.DB.SlowDBQuery.slow_db_query_meta_value -- dev seeder.
				'meta_key'       => self::THUMBNAIL_META,
				// phpcs:ignore WordPress.DB.SlowDBQuery.slow_db_query_meta_value -- dev seeder.
				'meta_value'     => $file,
			)
		);
		if ( $existing ) {
			return (int) $existing[0];
		}
		$source  = $folder . '/' . $file;
		$uploads = wp_upload_dir( null, false );
		if ( ! is_readable( $source ) || ! empty( $uploads['error'] ) ) {
			return 0;
		}
		// A fixed place in the uploads (not the month's folder with -1, -2 copies): a site seeded
		// again on a fresh database, or a test rolled back, reuses the file instead of piling up.
		$target = $uploads['basedir'] . '/' . self::MEDIA_DIR . '/library-demo-' . $file;
		if ( ! wp_mkdir_p( dirname( $target ) ) || ! copy( $source, $target ) ) {
			return 0;
		}
		$attachment_id = wp_insert_attachment(
			array(
				'post_mime_type' => 'image/jpeg',
				'post_title'     => ucwords( str_replace( '-', ' ', preg_replace( '/-\d\.jpg$/', '', $file ) ) ),
				'post_status'    => 'inherit',
			),
			$target
		);
		if ( ! $attachment_id || is_wp_error( $attachment_id ) ) {
			return 0;
		}
		require_once ABSPATH . 'wp-admin/includes/image.php';
		wp_update_attachment_metadata( $attachment_id, wp_generate_attachment_metadata( $attachment_id, $target ) );
		update_post_meta( $attachment_id, self::THUMBNAIL_META, $file );
		return (int) $attachment_id;
	}

	/**
	 * The user's password: the known one when it still works, otherwise a new one that is set.
	 *
	 * @param int    $user_id  Demo user.
	 * @param string $password Known password, '' when none.
	 */
	private function password_of( int $user_id, string $password ): string {
		$user = get_userdata( $user_id );
		if ( '' !== $password && $user && wp_check_password( $password, $user->user_pass, $user_id ) ) {
			return $password;
		}
		$password = wp_generate_password( 16, false );
		wp_set_password( $password, $user_id );
		return $password;
	}

	/**
	 * Address of a brand's demo logo made by bin/make-demo-media, or '' when it was not made.
	 *
	 * @param string $brand Brand.
	 */
	public static function demo_logo( string $brand ): string {
		$file = self::MEDIA_DIR . '/logo-' . $brand . '.png';
		return is_readable( WP_CONTENT_DIR . '/' . $file ) ? content_url( $file ) : '';
	}

	/**
	 * Gives each brand bin/make-demo-media's logo where it has none (an admin's choice stays).
	 */
	private function attach_logos(): void {
		$logos = array();
		foreach ( Settings::BRANDS as $brand ) {
			if ( '' === (string) $this->settings->get( 'logo_' . $brand ) && '' !== self::demo_logo( $brand ) ) {
				$logos[ 'logo_' . $brand ] = self::demo_logo( $brand );
			}
		}
		if ( $logos ) {
			$this->settings->update( $logos );
		}
	}

	/**
	 * Gives each brand's demo walkthrough its captions (bin/make-demo-media's
	 * walkthrough-<brand>/captions/en.vtt) where the brand has none.
	 */
	private function attach_captions(): void {
		$captions = array();
		foreach ( Settings::BRANDS as $brand ) {
			$file = self::MEDIA_DIR . '/walkthrough-' . $brand . '/captions/en.vtt';
			if ( '' === (string) $this->settings->get( 'captions_' . $brand ) && is_readable( WP_CONTENT_DIR . '/' . $file ) ) {
				$captions[ 'captions_' . $brand ] = content_url( $file );
			}
		}
		if ( $captions ) {
			$this->settings->update( $captions );
		}
	}

	/**
	 * Address of a demo HLS video made by bin/make-demo-media, or '' when it was not made.
	 *
	 * @param string $name Video folder.
	 */
	public static function demo_video( string $name ): string {
		$playlist = self::MEDIA_DIR . '/' . $name . '/index.m3u8';
		return is_readable( WP_CONTENT_DIR . '/' . $playlist ) ? content_url( $playlist ) : '';
	}

	/**
	 * Gives a user N items, each with a two-seat grant and some progress (benchmark and query-count tests).
	 *
	 * @param int $user_id User.
	 * @param int $count   Number of items.
	 * @return int[] Item IDs.
	 */
	public function seed_library_for( int $user_id, int $count ): array {
		$now   = time();
		$types = ContentType::all();
		$ids   = array();
		wp_defer_term_counting( true );
		for ( $i = 1; $i <= $count; $i++ ) {
			$type       = $types[ $i % count( $types ) ];
			$product_id = $this->item( sprintf( 'Benchmark Training %04d', $i ), $type, 'Session ' . $i, 1 + ( $i % 3 ) );
			$this->licenses->create_grant(
				array(
					'owner_id'   => $user_id,
					'product_id' => $product_id,
					'quantity'   => 2,
					'source'     => 'demo',
					'expires_at' => 0 === $i % 5 ? $now - DAY_IN_SECONDS : $now + YEAR_IN_SECONDS,
				),
				$now
			);
			if ( 0 === $i % 2 ) {
				$this->progress->record( $user_id, $product_id, 0, 5 * ( $i % 20 ), $now );
			}
			$ids[] = $product_id;
		}
		wp_defer_term_counting( false );
		return $ids;
	}

	/**
	 * Gives an owner one video item shared with N team members (benchmark and query-count tests):
	 * every second member started it, every tenth finished it with a certificate, every fourth was
	 * invited by e-mail (a history row). Members are "{prefix}-{n}" with a random password.
	 *
	 * @param int    $owner_id Owner.
	 * @param int    $members  Team members, one seat each.
	 * @param string $prefix   Login prefix of the members.
	 * @return array{item: int, members: int[]}
	 */
	public function seed_team( int $owner_id, int $members, string $prefix ): array {
		$now  = time();
		$item = $this->item( sprintf( 'Team Training (%d members)', $members ), ContentType::ON_DEMAND_WEBINAR, 'Shared Seats', 2 );
		$this->licenses->create_grant(
			array(
				'owner_id'   => $owner_id,
				'product_id' => $item,
				'quantity'   => $members + 1,
				'source'     => 'demo',
				'expires_at' => $now + YEAR_IN_SECONDS,
			),
			$now
		);
		$ids = array();
		for ( $n = 1; $n <= $members; $n++ ) {
			$member = $this->user( sprintf( '%s-%d', $prefix, $n ), sprintf( 'Team Member %d', $n ), '' );
			$this->share( $owner_id, $member, $item, $now, 0 === $n % 2 );
			if ( 0 === $n % 2 ) {
				$this->progress->record( $member, $item, 0, 0 === $n % 10 ? 100 : 5 * ( $n % 20 ), $now );
			}
			if ( 0 === $n % 10 ) {
				$this->progress->record( $member, $item, 1, 100, $now );
				$this->certificates->issue( $member, $item, 90, $now );
			}
			if ( 0 === $n % 4 ) {
				$this->history->add( $owner_id, $item, sprintf( '%s-%d@example.com', $prefix, $n ), true, $now - $n );
			}
			$ids[] = $member;
		}
		return array(
			'item'    => $item,
			'members' => $ids,
		);
	}

	/**
	 * Creates (or finds) a demo user; its password is settled by password_of().
	 *
	 * @param string $login    Login.
	 * @param string $name     Display name.
	 * @param string $password Password for a new user ('' = a random one).
	 */
	public function user( string $login, string $name, string $password ): int {
		$existing = get_user_by( 'login', $login );
		if ( $existing ) {
			return (int) $existing->ID;
		}
		if ( '' === $password ) {
			$password = wp_generate_password( 16, false );
		}
		list( $first, $last ) = array_pad( explode( ' ', $name, 2 ), 2, '' );
		$user_id              = wp_insert_user(
			array(
				'user_login'   => $login,
				'user_pass'    => $password,
				'user_email'   => $login . '@example.com',
				'display_name' => $name,
				'first_name'   => $first,
				'last_name'    => $last,
				'role'         => 'subscriber',
			)
		);
		return is_wp_error( $user_id ) ? 0 : (int) $user_id;
	}

	/**
	 * Creates a catalogue item.
	 *
	 * @param string $title    Title.
	 * @param string $type     Content type.
	 * @param string $subtitle Subtitle.
	 * @param int    $parts    Number of video parts.
	 */
	public function item( string $title, string $type, string $subtitle = '', int $parts = 1 ): int {
		$video_parts = array();
		if ( ContentType::has_video( $type ) && $parts > 1 ) {
			for ( $p = 1; $p <= $parts; $p++ ) {
				/* translators: %d: part number. */
				$video_parts[] = array( 'title' => sprintf( __( 'Part %d', 'library-portal' ), $p ) );
			}
		}
		$post_id = wp_insert_post(
			array(
				'post_type'    => ItemPostType::POST_TYPE,
				'post_status'  => 'publish',
				'post_title'   => $title,
				'post_excerpt' => sprintf( 'A practical %s on %s for clinicians, educators and helping professionals.', strtolower( ContentType::label( $type ) ), strtolower( $title ) ),
				'meta_input'   => array(
					'_lp_content_type'  => $type,
					'_lp_subtitle'      => $subtitle,
					'_lp_product_link'  => home_url( '/shop/' . sanitize_title( $title ) . '/' ),
					'_lp_product_type'  => ContentType::MEMBERSHIP === $type ? 'subscription' : 'simple',
					'_lp_download_link' => ContentType::E_MANUAL === $type ? home_url( '/downloads/' . sanitize_title( $title ) . '.pdf' ) : '',
					'_lp_course_url'    => ContentType::E_COURSE === $type ? home_url( '/' . self::COURSES_PAGE . '/' . sanitize_title( $title ) . '/' ) : '',
					'_lp_video_parts'   => $video_parts,
				),
			)
		);
		return (int) $post_id;
	}

	/**
	 * The owner's library: every status, shares to two team members, notifications.
	 *
	 * @param array<string, int> $users User IDs by key.
	 * @param int                $now   Unix seconds.
	 */
	private function seed_owner_library( array $users, int $now ): void {
		$owner    = $users['owner'];
		$licenses = $this->licenses;
		$progress = $this->progress;
		$year     = $now + YEAR_IN_SECONDS;
		$ago      = $now - 30 * DAY_IN_SECONDS;

		$grant = function ( int $product_id, int $quantity, int $expires_at, string $tag = '' ) use ( $owner, $licenses, $now ): void {
			$licenses->create_grant(
				array(
					'owner_id'   => $owner,
					'product_id' => $product_id,
					'quantity'   => $quantity,
					'expires_at' => $expires_at,
					'tag'        => $tag,
					'source'     => 'demo',
				),
				$now
			);
		};

		// In Progress, three parts; one seat to a team member, one free.
		$trauma = $this->item( 'Trauma-Informed Care', ContentType::ON_DEMAND_WORKSHOP, 'Foundations for Everyday Practice', 3 );
		$grant( $trauma, 3, $year );
		$this->activate_own( $owner, $trauma, $now );
		$progress->record( $owner, $trauma, 0, 100, $now );
		$progress->record( $owner, $trauma, 1, 20, $now );
		$this->share( $owner, $users['member'], $trauma, $now, false );

		// Completed, with a certificate.
		$mi = $this->item( 'Motivational Interviewing Intensive', ContentType::WORKSHOP, 'Evoking Change Talk' );
		$grant( $mi, 1, $year );
		$this->activate_own( $owner, $mi, $now );
		$progress->record( $owner, $mi, 0, 100, $now );
		$this->certificates->issue( $owner, $mi, 92, $now );

		// Take Test: watched 95 % or more, no certificate yet.
		$anxiety = $this->item( 'Anxiety in Children and Adolescents', ContentType::ON_DEMAND_WEBINAR, 'Assessment and Treatment' );
		$grant( $anxiety, 1, $year );
		$this->activate_own( $owner, $anxiety, $now );
		$progress->record( $owner, $anxiety, 0, 95, $now );

		// Shared: every seat given to the team, none left, none activated by the owner.
		$docs = $this->item( 'Clinical Documentation Essentials', ContentType::WEBINAR, 'Notes That Protect You' );
		$grant( $docs, 2, $year );
		$this->share( $owner, $users['member'], $docs, $now, true );
		$this->share( $owner, $users['member2'], $docs, $now, true );
		$progress->record( $users['member'], $docs, 0, 60, $now );
		$progress->record( $users['member2'], $docs, 0, 100, $now );
		$this->certificates->issue( $users['member2'], $docs, 88, $now );

		// Purchased: e-manual and e-course.
		$grant( $this->item( 'CBT Skills Workbook', ContentType::E_MANUAL, 'Worksheets and Exercises' ), 5, 0 );
		$grant( $this->item( 'Ethics for Helping Professionals', ContentType::E_COURSE, 'Boundaries, Consent and Records' ), 1, $year );

		// Not Started, several kinds.
		$grant( $this->item( 'Certified Clinical Trauma Professional', ContentType::CERTIFICATE_SELF_GUIDED, 'Self-Guided Program' ), 1, $year );
		$grant( $this->item( 'Mindfulness-Based Interventions', ContentType::ON_DEMAND, 'Practices for Session and Self' ), 2, strtotime( 'last day of this month 23:00', $now ) );
		$grant( $this->item( 'Suicide Risk Assessment', ContentType::WEBINAR, 'Screening in Primary Care' ), 4, $year );

		// Membership and its member items.
		$membership_ends = $now + 200 * DAY_IN_SECONDS;
		$grant( $this->item( 'Professional Membership', ContentType::MEMBERSHIP, 'Annual Plan' ), 1, $membership_ends );
		$burnout = $this->item( 'Burnout Prevention for Clinicians', ContentType::ON_DEMAND_WEBINAR, 'Member Webinar' );
		$grant( $burnout, 1, $membership_ends, 'member' );
		$sleep = $this->item( 'Sleep and Mood', ContentType::ON_DEMAND_WEBINAR, 'Member Webinar', 2 );
		$grant( $sleep, 1, $membership_ends, 'member' );
		$progress->record( $owner, $sleep, 0, 40, $now );

		// Expired items.
		foreach ( array(
			'DBT Skills Training'                => ContentType::ON_DEMAND_WORKSHOP,
			'Grief and Loss Across the Lifespan' => ContentType::WEBINAR,
			'Play Therapy Techniques'            => ContentType::WORKSHOP,
		) as $title => $type ) {
			$grant( $this->item( $title, $type, 'Recorded Workshop' ), 1, $ago );
		}

		// Enough further titles that the list pages (20 at a time).
		$more  = array(
			'Attachment-Focused Therapy',
			'Autism Spectrum: Practical Strategies',
			'Co-Occurring Disorders',
			'Couples Therapy Essentials',
			'Eating Disorders: Early Signs',
			'EMDR: An Introduction',
			'Family Systems in Practice',
			'Group Facilitation Skills',
			'Neuroscience of Emotion',
			'Personality Disorders Update',
			'Polyvagal Theory in Therapy',
			'Positive Psychology at Work',
			'Substance Use: Brief Interventions',
			'Supervision That Works',
			'Telehealth Best Practices',
		);
		$kinds = array( ContentType::ON_DEMAND, ContentType::WEBINAR, ContentType::ON_DEMAND_WORKSHOP, ContentType::WORKSHOP, ContentType::ON_DEMAND_WEBINAR );
		foreach ( $more as $i => $title ) {
			$product_id = $this->item( $title, $kinds[ $i % count( $kinds ) ], 'On-Demand Training', 1 + ( $i % 2 ) );
			$grant( $product_id, 1 + ( $i % 3 ), $year );
			if ( 0 === $i % 4 ) {
				$this->activate_own( $owner, $product_id, $now );
				$progress->record( $owner, $product_id, 0, 25 + 5 * $i, $now );
			}
		}

		$notifications = $this->notifications;
		$notifications->notify(
			array(
				'user_id'            => $owner,
				'type'               => 'share_accepted',
				'message'            => 'Theo Alvarez accepted your share of Clinical Documentation Essentials.',
				'related_product_id' => $docs,
				'related_user_id'    => $users['member'],
			),
			$now - 2 * HOUR_IN_SECONDS
		);
		$notifications->notify(
			array(
				'user_id'            => $owner,
				'type'               => 'team_completed',
				'message'            => 'Mia Chen completed Clinical Documentation Essentials and earned a certificate.',
				'related_product_id' => $docs,
				'related_user_id'    => $users['member2'],
			),
			$now - DAY_IN_SECONDS
		);
		$notifications->notify(
			array(
				'user_id'     => $owner,
				'type'        => 'licenses_expiring',
				'message'     => 'Licenses for Mindfulness-Based Interventions expire this month.',
				'read_status' => true,
			),
			$now - 3 * DAY_IN_SECONDS
		);
	}

	/**
	 * A user whose library is a membership and its member items only.
	 *
	 * @param int $user_id User.
	 * @param int $now     Unix seconds.
	 */
	private function seed_member_only( int $user_id, int $now ): void {
		$ends = $now + 90 * DAY_IN_SECONDS;
		foreach ( array(
			'Professional Membership'          => array( ContentType::MEMBERSHIP, '' ),
			'Member Webinar: Ethics Refresher' => array( ContentType::ON_DEMAND_WEBINAR, 'member' ),
		) as $title => list( $type, $tag ) ) {
			$this->licenses->create_grant(
				array(
					'owner_id'   => $user_id,
					'product_id' => $this->item( $title, $type, 'Members' ),
					'tag'        => $tag,
					'expires_at' => $ends,
					'source'     => 'demo',
				),
				$now
			);
		}
	}

	/**
	 * A contract with an organizer card, three items and the contract user as member.
	 *
	 * @param int $user_id Contract user.
	 * @param int $now     Unix seconds.
	 */
	private function seed_contract( int $user_id, int $now ): void {
		$contract_id = $this->contracts->create(
			array(
				'title'           => 'Riverside Health System Training',
				'organizer_name'  => 'Dana Rivers',
				'organizer_title' => 'Training Coordinator',
				'organizer_phone' => '+1 555 010 2030',
				'organizer_email' => 'dana.rivers@example.com',
			),
			$now
		);
		$this->contracts->add_member( $contract_id, $user_id );
		foreach ( array( 'De-escalation in Acute Care', 'HIPAA for Clinical Teams', 'Cultural Humility in Care' ) as $title ) {
			$this->contracts->add_item( $contract_id, $this->item( $title, ContentType::ON_DEMAND_WORKSHOP, 'Contract Training' ), $now + YEAR_IN_SECONDS );
		}
	}

	/**
	 * Activates one of the owner's own seats.
	 *
	 * @param int $owner      Owner.
	 * @param int $product_id Item.
	 * @param int $now        Unix seconds.
	 */
	private function activate_own( int $owner, int $product_id, int $now ): void {
		$seat = $this->licenses->find_available_seat( $owner, $product_id, '', $now );
		$this->licenses->activate_seat( $seat, $owner, $now );
	}

	/**
	 * Shares one of the owner's seats with a team member, optionally activated.
	 *
	 * @param int  $owner     Owner.
	 * @param int  $recipient Team member.
	 * @param int  $product   Item.
	 * @param int  $now       Unix seconds.
	 * @param bool $activate  Whether the member has activated it.
	 */
	private function share( int $owner, int $recipient, int $product, int $now, bool $activate ): void {
		$seat = $this->licenses->find_available_seat( $owner, $product, '', $now );
		if ( ! $seat || ! $this->licenses->share_seat( $seat, $owner, $recipient, $now ) ) {
			return;
		}
		$this->shares->record_accepted( $seat, $owner, $product, $recipient, ShareMethod::Link, '', $now );
		if ( $activate ) {
			$this->licenses->activate_seat( $seat, $recipient, $now );
		}
	}
}
