<?php
/**
 * A stand-in for WP-CLI's static API and the Utils functions the commands use, loaded only
 * when WP-CLI is absent.
 *
 * @package LibraryPortal
 */

// phpcs:disable WordPress.NamingConventions.PrefixAllGlobals, Generic.Files.OneObjectStructurePerFile, Universal.Namespaces.DisallowCurlyBraceSyntax -- it stands in for WP-CLI's own class and functions, in their namespaces.

namespace {

	/**
	 * Records messages instead of printing them; error() throws instead of exiting.
	 */
	final class WP_CLI {

		/**
		 * Success messages said so far.
		 *
		 * @var string[]
		 */
		public static array $said = array();

		/**
		 * Warnings and log lines said so far.
		 *
		 * @var string[]
		 */
		public static array $logged = array();

		/**
		 * What format_items() was given: format, items, fields.
		 *
		 * @var array<int, array{format: string, items: array, fields: array}>
		 */
		public static array $formatted = array();

		/**
		 * Ticks of the progress bars: one entry per bar, [label, total, ticks, finished].
		 *
		 * @var array<int, WP_CLI_Progress_Stand_In>
		 */
		public static array $bars = array();

		/**
		 * Answer confirm() gives (true: go on).
		 *
		 * @var bool
		 */
		public static bool $confirm = true;

		/**
		 * Forgets what was said (each test starts clean).
		 */
		public static function reset(): void {
			self::$said      = array();
			self::$logged    = array();
			self::$formatted = array();
			self::$bars      = array();
			self::$confirm   = true;
			self::$commands  = array();
		}

		/**
		 * Commands added, by name.
		 *
		 * @var array<string, mixed>
		 */
		public static array $commands = array();

		/**
		 * Records a command.
		 *
		 * @param string $name     Name, e.g. 'library-portal seed-demo'.
		 * @param mixed  $callable Class, object or callable.
		 */
		public static function add_command( string $name, $callable ): void {
			self::$commands[ $name ] = $callable;
		}

		/**
		 * Records a success message.
		 *
		 * @param string $message Message.
		 */
		public static function success( string $message ): void {
			self::$said[] = $message;
		}

		/**
		 * Records a warning.
		 *
		 * @param string $message Message.
		 */
		public static function warning( string $message ): void {
			self::$logged[] = 'Warning: ' . $message;
		}

		/**
		 * Records a log line.
		 *
		 * @param string $message Message.
		 */
		public static function log( string $message ): void {
			self::$logged[] = $message;
		}

		/**
		 * Asks for confirmation: goes on when $confirm is true or --yes was given, else stops.
		 *
		 * @param string $question   Question.
		 * @param array  $assoc_args Options.
		 * @throws RuntimeException When the answer is no.
		 */
		public static function confirm( string $question, array $assoc_args = array() ): void {
			self::$logged[] = $question;
			if ( ! self::$confirm && empty( $assoc_args['yes'] ) ) {
				throw new RuntimeException( 'Aborted' );
			}
		}

		/**
		 * Stops the command.
		 *
		 * @param string $message Message.
		 * @throws RuntimeException Always.
		 */
		public static function error( string $message ): void {
			throw new RuntimeException( esc_html( $message ) );
		}
	}

	/**
	 * A progress bar that counts its ticks.
	 */
	final class WP_CLI_Progress_Stand_In {

		/**
		 * Ticks so far.
		 *
		 * @var int
		 */
		public int $ticks = 0;

		/**
		 * Whether finish() was called.
		 *
		 * @var bool
		 */
		public bool $finished = false;

		/**
		 * Creates the bar.
		 *
		 * @param string $label Label.
		 * @param int    $total Total ticks expected.
		 */
		public function __construct( public string $label, public int $total ) {}

		/**
		 * One step done.
		 */
		public function tick(): void {
			++$this->ticks;
		}

		/**
		 * All done.
		 */
		public function finish(): void {
			$this->finished = true;
		}
	}
}

namespace WP_CLI\Utils {

	/**
	 * Records the items instead of printing them.
	 *
	 * @param string       $format Format.
	 * @param array        $items  Rows.
	 * @param array|string $fields Fields.
	 */
	function format_items( $format, $items, $fields ): void {
		\WP_CLI::$formatted[] = array(
			'format' => (string) $format,
			'items'  => (array) $items,
			'fields' => is_array( $fields ) ? $fields : explode( ',', (string) $fields ),
		);
	}

	/**
	 * A progress bar that counts its ticks.
	 *
	 * @param string $message Label.
	 * @param int    $count   Total.
	 */
	function make_progress_bar( $message, $count ): \WP_CLI_Progress_Stand_In {
		$bar             = new \WP_CLI_Progress_Stand_In( (string) $message, (int) $count );
		\WP_CLI::$bars[] = $bar;
		return $bar;
	}
}
