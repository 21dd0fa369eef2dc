<?php
/**
 * Members with remove buttons, the add form and the user search (a GET form: no script needed).
 *
 * @package LibraryPortal
 */

defined( 'ABSPATH' ) || exit;

/**
 * What the controller hands over.
 *
 * @param array{contract_id: int, members: array<int, array{user_id: int, name: string, email: string}>, search: string, search_url: string, found: array<int, object{ID: int|string, display_name: string, user_email: string}>} $args The view's arguments.
 */
return static function ( array $args ): void {
	$contract_id = $args['contract_id'];
	echo '<h2 id="members">' . esc_html__( 'Members', 'library-portal' ) . '</h2>';
	if ( $args['members'] ) {
		echo '<table class="widefat striped"><caption class="screen-reader-text">' . esc_html__( 'Members of this contract', 'library-portal' ) . '</caption><thead><tr><th scope="col">' . esc_html__( 'Name', 'library-portal' ) . '</th><th scope="col">' . esc_html__( 'E-mail', 'library-portal' ) . '</th><th scope="col">' . esc_html__( 'Actions', 'library-portal' ) . '</th></tr></thead><tbody>';
		foreach ( $args['members'] as $member ) {
			printf( '<tr><td>%1$s</td><td>%2$s</td><td>', esc_html( $member['name'] ), esc_html( $member['email'] ) );
			\LibraryPortal\Platform\View::render(
				__DIR__ . '/action-button.php',
				array(
					'action'      => 'remove_member',
					'contract_id' => $contract_id,
					'fields'      => array( 'member' => (string) $member['user_id'] ),
					'text'        => __( 'Remove', 'library-portal' ),
					/* translators: %s: member's name. */
					'label'       => sprintf( __( 'Remove %s from this contract', 'library-portal' ), $member['name'] ),
				)
			);
			echo '</td></tr>';
		}
		echo '</tbody></table>';
	} else {
		echo '<p>' . esc_html__( 'No members yet.', 'library-portal' ) . '</p>';
	}

	echo '<form method="post" action="' . esc_url( admin_url( 'admin-post.php' ) ) . '" class="library-portal-inline-form">';
	\LibraryPortal\Platform\View::render(
		__DIR__ . '/hidden-fields.php',
		array(
			'action'      => 'add_member',
			'contract_id' => $contract_id,
		)
	);
	printf(
		'<p><label for="library-portal-add-member">%1$s</label> <input type="text" id="library-portal-add-member" name="member" class="regular-text" autocomplete="off"> ',
		esc_html__( 'E-mail address or user ID', 'library-portal' )
	);
	submit_button( __( 'Add Member', 'library-portal' ), 'secondary', 'submit', false );
	echo '</p></form>';

	echo '<form method="get" action="' . esc_url( $args['search_url'] ) . '" role="search">';
	foreach ( array(
		'post_type' => \LibraryPortal\Core\Items\ItemPostType::POST_TYPE,
		'page'      => \LibraryPortal\Contracts\ContractsPage::SLUG,
		'action'    => 'edit',
		'contract'  => (string) $contract_id,
	) as $name => $hidden ) {
		printf( '<input type="hidden" name="%1$s" value="%2$s">', esc_attr( $name ), esc_attr( $hidden ) );
	}
	printf(
		'<p><label for="library-portal-user-search">%1$s</label> <input type="search" id="library-portal-user-search" name="user_search" value="%2$s" class="regular-text"> ',
		esc_html__( 'Find users by name, login or e-mail', 'library-portal' ),
		esc_attr( $args['search'] )
	);
	submit_button( __( 'Search Users', 'library-portal' ), 'secondary', '', false );
	echo '</p></form>';
	if ( '' === $args['search'] ) {
		return;
	}
	if ( ! $args['found'] ) {
		echo '<p>' . esc_html__( 'No users found.', 'library-portal' ) . '</p>';
		return;
	}
	echo '<table class="widefat striped"><caption class="screen-reader-text">' . esc_html__( 'Users found', 'library-portal' ) . '</caption><thead><tr><th scope="col">' . esc_html__( 'Name', 'library-portal' ) . '</th><th scope="col">' . esc_html__( 'E-mail', 'library-portal' ) . '</th><th scope="col">' . esc_html__( 'Actions', 'library-portal' ) . '</th></tr></thead><tbody>';
	foreach ( $args['found'] as $found ) {
		printf( '<tr><td>%1$s</td><td>%2$s</td><td>', esc_html( $found->display_name ), esc_html( $found->user_email ) );
		\LibraryPortal\Platform\View::render(
			__DIR__ . '/action-button.php',
			array(
				'action'      => 'add_member',
				'contract_id' => $contract_id,
				'fields'      => array( 'member' => (string) $found->ID ),
				'text'        => __( 'Add', 'library-portal' ),
				/* translators: %s: user's name. */
				'label'       => sprintf( __( 'Add %s to this contract', 'library-portal' ), $found->display_name ),
			)
		);
		echo '</td></tr>';
	}
	echo '</tbody></table>';
};
