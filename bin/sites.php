<?php
/**
 * The local sites of the development runtime: one WordPress core (var/wordpress),
 * many sites, each with its own database, address and folder under var/sites/<site>.
 *
 * The site is chosen by the environment variable LP_SITE. This file only computes
 * settings; bin/site-config.php turns them into WordPress constants.
 *
 * @package LibraryPortal
 */

if ( ! function_exists( 'library_portal_site_settings' ) ) {

	/**
	 * Settings of one local site.
	 *
	 * Known sites have a fixed port (plus LP_PORT_OFFSET) and database engine. Any other name made of
	 * [a-z0-9-] works when LP_PORT is set; its engine is MariaDB when the name ends
	 * in "-mariadb". LP_DB_ENGINE (sqlite|mariadb) overrides the engine of any site.
	 *
	 * @param string $site Site name, e.g. "demo".
	 * A site whose name ends in "-multisite" is a subdirectory network (multisite: true).
	 *
	 * @return array{site: string, port: int, url: string, engine: string, dir: string, db_name: string, socket: string, multisite: bool}
	 * @throws InvalidArgumentException When the name is invalid or unknown without LP_PORT.
	 */
	function library_portal_site_settings( string $site ): array {
		$known = array(
			'demo'           => array( 8888, 'sqlite' ),
			'e2e'            => array( 8889, 'sqlite' ),
			'test-sqlite'    => array( 8890, 'sqlite' ),
			'test-mariadb'   => array( 8891, 'mariadb' ),
			'bench'          => array( 8892, 'mariadb' ),
			'bench-sqlite'   => array( 8893, 'sqlite' ),
			'prod'           => array( 8894, 'mariadb' ),
			// The replicated lane (bin/prod-replica): its own primary and replica servers, its own core folder.
			'prod-replica'   => array( 8897, 'mariadb' ),
			// Subdirectory networks (WordPress multisite): README, "A network of sites".
			'test-multisite' => array( 8895, 'mariadb' ),
			'e2e-multisite'  => array( 8896, 'mariadb' ),
		);
		// Playwright's second and later workers each get a site of their own (e2e-2 ... e2e-9, SQLite like
		// e2e), so tests running side by side never see each other's data.
		for ( $library_portal_worker = 2; $library_portal_worker <= 9; $library_portal_worker++ ) {
			$known[ 'e2e-' . $library_portal_worker ] = array( 8900 + $library_portal_worker, 'sqlite' );
		}

		if ( ! preg_match( '/^[a-z0-9][a-z0-9-]{0,40}$/', $site ) ) {
			throw new InvalidArgumentException( "Invalid site name '$site' (use a-z, 0-9 and -)." );
		}

		$port_env = getenv( 'LP_PORT' );
		if ( isset( $known[ $site ] ) ) {
			list( $port, $engine ) = $known[ $site ];
			// LP_PORT_OFFSET moves every known site, so a second checkout (a git worktree) runs beside this one.
			$port += (int) getenv( 'LP_PORT_OFFSET' );
		} elseif ( false !== $port_env && '' !== $port_env ) {
			$port   = (int) $port_env;
			$engine = str_ends_with( $site, '-mariadb' ) || str_ends_with( $site, '-multisite' ) ? 'mariadb' : 'sqlite';
		} else {
			throw new InvalidArgumentException( "Unknown site '$site': known are " . implode( ', ', array_keys( $known ) ) . '; set LP_PORT for another one.' );
		}

		$engine_env = getenv( 'LP_DB_ENGINE' );
		if ( in_array( $engine_env, array( 'sqlite', 'mariadb' ), true ) ) {
			$engine = $engine_env;
		}

		$var = dirname( __DIR__ ) . '/var';
		return array(
			'site'      => $site,
			'port'      => (int) $port,
			'url'       => 'http://127.0.0.1:' . $port,
			'engine'    => $engine,
			'dir'       => $var . '/sites/' . $site,
			'db_name'   => 'lp_' . str_replace( '-', '_', $site ),
			// The replicated lane's site lives on the lane's primary server (bin/prod-replica), every other on bin/mariadb's.
			'socket'    => $var . '/run/' . ( 'prod-replica' === $site ? 'replica-primary' : 'mariadb' ) . '.sock',
			'multisite' => str_ends_with( $site, '-multisite' ),
		);
	}

	/**
	 * Name of the known site served on a port, or '' when none.
	 *
	 * @param int $port TCP port.
	 * @return string
	 */
	function library_portal_site_for_port( int $port ): string {
		foreach ( array( 'demo', 'e2e', 'test-sqlite', 'test-mariadb', 'bench', 'bench-sqlite', 'prod', 'prod-replica', 'test-multisite', 'e2e-multisite' ) as $site ) {
			if ( library_portal_site_settings( $site )['port'] === $port ) {
				return $site;
			}
		}
		return '';
	}
}
