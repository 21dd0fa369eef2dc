<?php
/**
 * The rules of the catalogue editor's fields.
 *
 * @package LibraryPortal
 */

namespace LibraryPortal\Tests\Catalogue;

use LibraryPortal\Catalogue\ItemFields;
use LibraryPortal\Tests\Support\TestCase;

/**
 * Every field of the item edit screen, valid and invalid, through ItemFields directly.
 */
final class ItemFieldsTest extends TestCase {

	/**
	 * A complete valid form: a three-part workshop with subtitles.
	 *
	 * @return array<string, mixed>
	 */
	private static function form(): array {
		return array(
			'content_type'   => 'on-demand-workshop',
			'subtitle'       => ' With Dr. Example ',
			'image_url'      => 'https://cdn.example.com/img/grief.jpg',
			'product_link'   => '/shop/grief-workshop/',
			'download_link'  => '',
			'attachment_url' => 'http://127.0.0.1:8888/wp-content/uploads/handout.pdf',
			'video_url'      => '',
			'parts'          => array(
				array(
					'position' => '1',
					'title'    => 'Welcome',
					'url'      => '/wp-content/library-portal-demo/workshop/part-1/index.m3u8',
					'thumb'    => '/wp-content/library-portal-demo/workshop/part-1/thumb.jpg',
				),
				array(
					'position' => '2',
					'title'    => 'Practice',
					'url'      => 'https://media.example.com/w/part-2/index.m3u8?token=abc',
					'thumb'    => '',
				),
				array(
					'position' => '3',
					'title'    => '',
					'url'      => 'https://media.example.com/w/part-3/INDEX.M3U8',
					'thumb'    => '',
				),
				array(
					'position' => '4',
					'title'    => '',
					'url'      => '',
					'thumb'    => '',
				),
			),
			'subtitles'      => array(
				array(
					'language' => 'EN',
					'url'      => '/wp-content/library-portal-demo/workshop/part-1/subtitles/en.vtt',
					'part'     => '1',
				),
				array(
					'language' => 'de',
					'url'      => 'https://media.example.com/w/subtitles/de_part-3.vtt',
					'part'     => '3',
				),
				array(
					'language' => '',
					'url'      => '',
					'part'     => '',
				),
			),
		);
	}

	/**
	 * A valid quiz form: one question, two blank rows.
	 *
	 * @return array<string, mixed>
	 */
	private static function quiz(): array {
		return array(
			'pass_mark' => '75',
			'questions' => array(
				array(
					'id'      => '',
					'text'    => 'Which is right?',
					'answers' => array( 'Yes', '', 'No', '', '', '' ),
					'correct' => '2',
				),
				array(
					'id'      => '',
					'text'    => '',
					'answers' => array( '', '', '', '', '', '' ),
				),
			),
		);
	}

	/**
	 * The form with one field changed.
	 *
	 * @param string $path  Field path, e.g. "parts.1.url".
	 * @param mixed  $value Value.
	 * @return array<string, mixed>
	 */
	private static function with( string $path, $value ): array {
		$form = self::form();
		$ref  = &$form;
		foreach ( explode( '.', $path ) as $key ) {
			$ref = &$ref[ $key ];
		}
		$ref = $value;
		return $form;
	}

	/**
	 * The form as a single video (no parts, subtitles for part 1 only).
	 *
	 * @param string $video_url HLS address.
	 * @return array<string, mixed>
	 */
	private static function single( string $video_url ): array {
		$form              = array_merge( self::form(), array( 'video_url' => $video_url ) );
		$form['parts']     = array();
		$form['subtitles'] = array_slice( $form['subtitles'], 0, 1 );
		return $form;
	}

	public function test_a_valid_form_gives_the_meta_to_store(): void {
		$fields = ItemFields::check( self::form(), self::quiz() );

		$this->assertSame( array(), $fields->errors );
		$this->assertTrue( $fields->ok() );
		$meta = $fields->meta;
		$this->assertSame( 'on-demand-workshop', $meta['_lp_content_type'] );
		$this->assertSame( 'With Dr. Example', $meta['_lp_subtitle'], 'Trimmed.' );
		$this->assertNull( $meta['_lp_credits'], 'No credits: the key goes.' );
		$this->assertNull( $meta['_lp_course_code'] );
		$with = ItemFields::check(
			array_merge(
				self::form(),
				array(
					'credits'     => ' 3.0 CE hours ',
					'course_code' => 'NUR-204/b',
				)
			),
			null
		);
		$this->assertSame( array( '3.0 CE hours', 'NUR-204/b' ), array( $with->meta['_lp_credits'], $with->meta['_lp_course_code'] ) );
		$this->assertSame( '/shop/grief-workshop/', $meta['_lp_product_link'], 'A path on this site is an address.' );
		$this->assertNull( $meta['_lp_download_link'], 'An empty field deletes its key.' );
		$this->assertNull( $meta['_lp_video_url'] );
		$this->assertSame( array( 'Welcome', 'Practice', '' ), array_column( $meta['_lp_video_parts'], 'title' ), 'The blank row is left out.' );
		$this->assertSame( array( 0, 0, 0 ), array_column( $meta['_lp_video_parts'], 'duration' ), 'New addresses are measured on save.' );
		$this->assertSame(
			array(
				array(
					'url'      => '/wp-content/library-portal-demo/workshop/part-1/subtitles/en.vtt',
					'language' => 'en',
					'part'     => 0,
				),
				array(
					'url'      => 'https://media.example.com/w/subtitles/de_part-3.vtt',
					'language' => 'de',
					'part'     => 2,
				),
			),
			$meta['_lp_subtitles'],
			'Language lower-cased, part stored 0-based.'
		);
		$this->assertSame(
			array(
				'pass_mark' => 75,
				'questions' => array(
					array(
						'id'      => 'q1',
						'text'    => 'Which is right?',
						'answers' => array( 'Yes', 'No' ),
						'correct' => 1,
					),
				),
			),
			$meta['_lp_quiz'],
			'Empty answers dropped, the correct index follows its answer, a blank question row is skipped.'
		);
	}

	/**
	 * Invalid forms and the field each one names.
	 *
	 * @return array<string, array{0: array<string, mixed>, 1: string}>
	 */
	public function invalid_forms(): array {
		return array(
			'unknown content type'          => array( self::with( 'content_type', 'podcast' ), 'library-portal-content-type' ),
			'missing content type'          => array( self::with( 'content_type', '' ), 'library-portal-content-type' ),
			'subtitle with markup'          => array( self::with( 'subtitle', 'A <b>bold</b> one' ), 'library-portal-subtitle' ),
			'subtitle too long'             => array( self::with( 'subtitle', str_repeat( 'x', 256 ) ), 'library-portal-subtitle' ),
			'credits too long'              => array( self::with( 'credits', str_repeat( 'x', 61 ) ), 'library-portal-credits' ),
			'credits with markup'           => array( self::with( 'credits', '3 <b>CE</b> hours' ), 'library-portal-credits' ),
			'course code with a quote'      => array( self::with( 'course_code', 'NUR"204' ), 'library-portal-course-code' ),
			'course code too long'          => array( self::with( 'course_code', str_repeat( 'A', 41 ) ), 'library-portal-course-code' ),
			'statement with markup'         => array( self::with( 'statement', 'By the <i>Board</i>' ), 'library-portal-statement' ),
			'statement too long'            => array( self::with( 'statement', str_repeat( 'x', 301 ) ), 'library-portal-statement' ),
			'image not an address'          => array( self::with( 'image_url', 'grief.jpg' ), 'library-portal-image-url' ),
			'image javascript:'             => array( self::with( 'image_url', 'javascript:alert(1)' ), 'library-portal-image-url' ),
			'product link ftp'              => array( self::with( 'product_link', 'ftp://example.com/shop' ), 'library-portal-product-link' ),
			'product link with a space'     => array( self::with( 'product_link', 'https://example.com/a shop' ), 'library-portal-product-link' ),
			'download protocol-relative'    => array( self::with( 'download_link', '//evil.example/x.pdf' ), 'library-portal-download-link' ),
			'download with credentials'     => array( self::with( 'download_link', 'https://user:pw@example.com/x.pdf' ), 'library-portal-download-link' ),
			'attachment without host'       => array( self::with( 'attachment_url', 'https:///x.pdf' ), 'library-portal-attachment-url' ),
			'HLS address not .m3u8'         => array( self::single( 'https://media.example.com/video.mp4' ), 'library-portal-video-url' ),
			'HLS .m3u8 only in the query'   => array( self::single( 'https://media.example.com/v.mp4?x=.m3u8' ), 'library-portal-video-url' ),
			'HLS relative without slash'    => array( self::single( 'video/index.m3u8' ), 'library-portal-video-url' ),
			'HLS and several parts'         => array( self::with( 'video_url', 'https://media.example.com/one/index.m3u8' ), 'library-portal-video-url' ),
			'part without an address'       => array( self::with( 'parts.1.url', '' ), 'library-portal-part-2-url' ),
			'part address not .m3u8'        => array( self::with( 'parts.2.url', 'https://media.example.com/w/part-3.mp4' ), 'library-portal-part-3-url' ),
			'part thumbnail not an address' => array( self::with( 'parts.0.thumb', 'thumb.jpg' ), 'library-portal-part-1-thumb' ),
			'part title with markup'        => array( self::with( 'parts.1.title', '<script>x</script>' ), 'library-portal-part-2-title' ),
			'subtitle outside the pattern'  => array( self::with( 'subtitles.0.url', '/wp-content/uploads/en.vtt' ), 'library-portal-subtitle-1-url' ),
			'subtitle not .vtt'             => array( self::with( 'subtitles.0.url', '/media/subtitles/en.srt' ), 'library-portal-subtitle-1-url' ),
			'subtitle with traversal'       => array( self::with( 'subtitles.0.url', '/media/../subtitles/en.vtt' ), 'library-portal-subtitle-1-url' ),
			'subtitle encoded'              => array( self::with( 'subtitles.0.url', '/media/subtitles/%2e%2e.vtt' ), 'library-portal-subtitle-1-url' ),
			'subtitle without an address'   => array( self::with( 'subtitles.0.url', '' ), 'library-portal-subtitle-1-url' ),
			'subtitle language too long'    => array( self::with( 'subtitles.0.language', 'eng' ), 'library-portal-subtitle-1-language' ),
			'subtitle language missing'     => array( self::with( 'subtitles.1.language', '' ), 'library-portal-subtitle-2-language' ),
			'subtitle part beyond parts'    => array( self::with( 'subtitles.1.part', '4' ), 'library-portal-subtitle-2-part' ),
			'subtitle part 0'               => array( self::with( 'subtitles.1.part', '0' ), 'library-portal-subtitle-2-part' ),
			'subtitle twice for a part'     => array(
				self::with(
					'subtitles.1',
					array(
						'language' => 'en',
						'url'      => '/m/subtitles/en2.vtt',
						'part'     => '1',
					)
				),
				'library-portal-subtitle-2-language',
			),
		);
	}

	/**
	 * @dataProvider invalid_forms
	 *
	 * @param array<string, mixed> $form  Form with one bad field.
	 * @param string               $field The field the error names.
	 */
	public function test_an_invalid_field_is_named_and_the_form_refused( array $form, string $field ): void {
		$fields = ItemFields::check( $form, self::quiz() );

		$this->assertFalse( $fields->ok() );
		$this->assertSame( array( $field ), array_keys( $fields->errors ), 'Only the bad field is named.' );
		$this->assertNotSame( '', $fields->errors[ $field ] );
	}

	/**
	 * Invalid tests and the field each one names.
	 *
	 * @return array<string, array{0: array<string, mixed>, 1: string}>
	 */
	public function invalid_quizzes(): array {
		$quiz  = self::quiz();
		$cases = array();
		foreach ( array( '101', '-1', '7.5', 'eighty' ) as $mark ) {
			$cases[ "pass mark $mark" ] = array( array_merge( $quiz, array( 'pass_mark' => $mark ) ), 'library-portal-pass-mark' );
		}
		$no_text                           = $quiz;
		$no_text['questions'][0]['text']   = '';
		$cases['question without text']    = array( $no_text, 'library-portal-q0' );
		$one_answer                        = $quiz;
		$one_answer['questions'][1]        = array(
			'text'    => 'Only one answer?',
			'answers' => array( 'A', '', '', '', '', '' ),
			'correct' => '0',
		);
		$cases['question with one answer'] = array( $one_answer, 'library-portal-q1-a0' );
		$no_correct                        = $quiz;
		unset( $no_correct['questions'][0]['correct'] );
		$cases['no correct answer chosen']        = array( $no_correct, 'library-portal-q0-a0' );
		$empty_correct                            = $quiz;
		$empty_correct['questions'][0]['correct'] = '1';
		$cases['correct answer is empty']         = array( $empty_correct, 'library-portal-q0-a0' );
		return $cases;
	}

	/**
	 * @dataProvider invalid_quizzes
	 *
	 * @param array<string, mixed> $quiz  Quiz form with one bad field.
	 * @param string               $field The field the error names.
	 */
	public function test_an_invalid_test_is_named_and_the_form_refused( array $quiz, string $field ): void {
		$fields = ItemFields::check( self::form(), $quiz );

		$this->assertSame( array( $field ), array_keys( $fields->errors ) );
		$this->assertArrayNotHasKey( '_lp_quiz', $fields->meta );
	}

	public function test_pass_mark_bounds_and_the_setting_when_empty(): void {
		foreach ( array(
			'0'   => 0,
			'100' => 100,
			''    => 0,
			'1'   => 1,
		) as $mark => $stored ) {
			$fields = ItemFields::check( self::form(), array_merge( self::quiz(), array( 'pass_mark' => (string) $mark ) ) );
			$this->assertTrue( $fields->ok(), "Pass mark '$mark'" );
			$this->assertSame( $stored, $fields->meta['_lp_quiz']['pass_mark'], "Pass mark '$mark' (0 = the setting)" );
		}
		$none = ItemFields::check(
			self::form(),
			array(
				'pass_mark' => '',
				'questions' => array(),
			)
		);
		$this->assertArrayHasKey( '_lp_quiz', $none->meta );
		$this->assertNull( $none->meta['_lp_quiz'], 'No questions and no pass mark: the test is deleted.' );
		$this->assertArrayNotHasKey( '_lp_quiz', ItemFields::check( self::form(), null )->meta, 'Without the test box the test is left alone.' );
	}

	public function test_every_error_of_a_form_is_reported_at_once(): void {
		$form                        = self::with( 'video_url', 'https://media.example.com/v.mp4' );
		$form['content_type']        = 'nope';
		$form['parts'][0]['url']     = '';
		$form['subtitles'][0]['url'] = '/elsewhere/en.vtt';

		$fields = ItemFields::check( $form, array_merge( self::quiz(), array( 'pass_mark' => '200' ) ) );

		$this->assertSame(
			array( 'library-portal-content-type', 'library-portal-video-url', 'library-portal-part-1-url', 'library-portal-subtitle-1-url', 'library-portal-pass-mark' ),
			array_keys( $fields->errors )
		);
	}

	public function test_parts_follow_their_position_and_removed_rows_go(): void {
		$form                         = self::form();
		$form['parts'][0]['position'] = '3';
		$form['parts'][2]['position'] = '1';
		$form['parts'][1]['remove']   = '1';
		$form['parts'][1]['url']      = 'not even valid';
		$form['subtitles'][1]['part'] = '2';

		$fields = ItemFields::check( $form, null );

		$this->assertSame( array(), $fields->errors, 'A removed row is not checked.' );
		$this->assertSame( array( 'https://media.example.com/w/part-3/INDEX.M3U8', '/wp-content/library-portal-demo/workshop/part-1/index.m3u8' ), array_column( $fields->meta['_lp_video_parts'], 'url' ) );
	}

	public function test_unchanged_addresses_keep_their_durations(): void {
		$previous = array(
			'_lp_video_parts'    => array(
				array(
					'url'      => '/wp-content/library-portal-demo/workshop/part-1/index.m3u8',
					'duration' => 16,
				),
				array(
					'url'      => 'https://media.example.com/old/index.m3u8',
					'duration' => 30,
				),
			),
			'_lp_video_url'      => 'https://media.example.com/one/index.m3u8',
			'_lp_video_duration' => 20,
		);

		$parts  = ItemFields::check( self::form(), null, $previous )->meta['_lp_video_parts'];
		$single = ItemFields::check(
			array_merge(
				self::form(),
				array(
					'parts'     => array(),
					'video_url' => 'https://media.example.com/one/index.m3u8',
				)
			),
			null,
			$previous
		)->meta;
		$moved  = ItemFields::check(
			array_merge(
				self::form(),
				array(
					'parts'     => array(),
					'video_url' => 'https://media.example.com/two/index.m3u8',
				)
			),
			null,
			$previous
		)->meta;

		$this->assertSame( array( 16, 0, 0 ), array_column( $parts, 'duration' ) );
		$this->assertSame( 20, $single['_lp_video_duration'] );
		$this->assertNull( $moved['_lp_video_duration'], 'A new address is measured again.' );
	}

	public function test_a_single_video_takes_subtitles_for_part_one_only(): void {
		$form              = array_merge(
			self::form(),
			array(
				'parts'     => array(),
				'video_url' => '/wp-content/library-portal-demo/webinar/index.m3u8',
			)
		);
		$form['subtitles'] = array(
			array(
				'language' => 'en',
				'url'      => '/wp-content/library-portal-demo/webinar/subtitles/en.vtt',
				'part'     => '',
			),
			array(
				'language' => 'fr',
				'url'      => '/wp-content/library-portal-demo/webinar/subtitles/fr.vtt',
				'part'     => '2',
			),
		);

		$fields = ItemFields::check( $form, null );

		$this->assertSame( array( 'library-portal-subtitle-2-part' ), array_keys( $fields->errors ) );
	}

	public function test_rest_meta_rules(): void {
		$this->assertSame(
			array(),
			ItemFields::check_meta(
				array(
					'_lp_content_type'   => 'webinar',
					'_lp_subtitle'       => 'Fine',
					'_lp_product_link'   => '',
					'_lp_video_url'      => null,
					'_lp_video_parts'    => array(
						array(
							'title' => 'One',
							'url'   => '/m/1/index.m3u8',
							'thumb' => '',
						),
					),
					'_lp_subtitles'      => array(
						array(
							'url'      => '/m/subtitles/en.vtt',
							'language' => 'en',
							'part'     => 0,
						),
					),
					'_lp_free_item'      => true,
					'_lp_video_duration' => 30,
				)
			)
		);
		$this->assertSame(
			array( '_lp_content_type', '_lp_subtitle', '_lp_download_link', '_lp_video_url', '_lp_video_parts', '_lp_subtitles' ),
			array_keys(
				ItemFields::check_meta(
					array(
						'_lp_content_type'  => 'podcast',
						'_lp_subtitle'      => '<b>x</b>',
						'_lp_download_link' => '//evil.example/x.pdf',
						'_lp_video_url'     => '/m/video.mp4',
						'_lp_video_parts'   => array( array( 'title' => 'No address' ) ),
						'_lp_subtitles'     => array(
							array(
								'url'      => '/m/en.vtt',
								'language' => 'en',
							),
						),
					)
				)
			)
		);
	}

	public function test_url_rules(): void {
		foreach ( array( 'https://example.com', 'http://127.0.0.1:8888/x.pdf', '/downloads/a.pdf', 'https://example.com/a?b=c#d' ) as $ok ) {
			$this->assertTrue( ItemFields::url_ok( $ok ), $ok );
		}
		foreach ( array( '', 'example.com', '//example.com/x', 'mailto:a@example.com', 'data:text/html,x', "https://example.com/\nx", 'https://example.com/a"b', '/a\\b', 'https://example.com/<x>' ) as $bad ) {
			$this->assertFalse( ItemFields::url_ok( $bad ), $bad );
		}
		$this->assertTrue( ItemFields::hls_ok( '/media/index.m3u8' ) );
		$this->assertFalse( ItemFields::hls_ok( '/media/index.m3u8/x' ) );
		$this->assertTrue( ItemFields::subtitle_url_ok( 'https://cdn.example.com/a/subtitles/en-GB.v2.vtt' ) );
		$this->assertFalse( ItemFields::subtitle_url_ok( 'https://cdn.example.com/a/subtitles/sub/en.vtt' ) );
	}
}
