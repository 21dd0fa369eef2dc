<?php
/**
 * The hand mutants of tools/php-mutation/run.php: one change of a rule each.
 *
 * Each entry, by a short id:
 *   file        the class under includes/ (one PSR-4 class per file)
 *   find        an exact snippet of it, found exactly once (a stale list fails the run)
 *   replace     what the mutant puts there instead
 *   about       the broken rule, the way a person would notice it
 *   tests       the PHPUnit --filter of the tests that state the rule (kept small: one class or two)
 *   equivalent  only on a mutant that changes no behaviour: why (it must then survive)
 *
 * Add a mutant when a rule class gains a rule; when a snippet changes, update it here.
 *
 * @package LibraryPortal
 */

return array(
	// The access a row grants (includes/Core/Rows/Access.php).
	'access-member-expired'              => array(
		'file'    => 'includes/Core/Rows/Access.php',
		'find'    => "&& ! \$licenses->all_expired() ) {\n\t\t\treturn self::MEMBER;",
		'replace' => ") {\n\t\t\treturn self::MEMBER;",
		'about'   => 'a membership whose licenses all expired still gives access',
		'tests'   => 'LicenseSummaryTest',
	),
	'access-contract-ended'              => array(
		'file'    => 'includes/Core/Rows/Access.php',
		'find'    => 'return $row_ended ? self::NO_LICENSE : self::CONTRACT;',
		'replace' => 'return self::CONTRACT;',
		'about'   => 'an ended contract still gives access',
		'tests'   => 'LicenseSummaryTest',
	),
	'access-activated-needs-valid'       => array(
		'file'    => 'includes/Core/Rows/Access.php',
		'find'    => 'if ( $licenses->activated && $licenses->holds_valid_seat ) {',
		'replace' => 'if ( $licenses->activated ) {',
		'about'   => 'an activated seat that expired still gives access',
		'tests'   => 'LicenseSummaryTest',
	),
	'access-shared-needs-sharer'         => array(
		'file'       => 'includes/Core/Rows/Access.php',
		'find'       => 'if ( $share_user_id > 0 && $licenses->holds_valid_seat ) {',
		'replace'    => 'if ( $share_user_id >= 0 && $licenses->holds_valid_seat ) {',
		'about'      => "an owner's own unactivated seat reads as shared with them",
		'tests'      => 'LicenseSummaryTest',
		// The state it changes cannot occur: with share_user_id 0 the row is the viewer's own seats
		// (LibraryService::group_seats()), which are made without a holder (LicenseRepository::create())
		// and get one by activation, or by accepting a share link, which SeatSharing refuses to its own
		// sharer: so holds_valid_seat without activated never reaches this line on an own row.
		'equivalent' => 'an own row (share_user_id 0) never holds a valid seat that is not activated',
	),
	'access-can-activate-needs-a-seat'   => array(
		'file'    => 'includes/Core/Rows/Access.php',
		'find'    => 'if ( 0 === $share_user_id && $licenses->available > 0 ) {',
		'replace' => 'if ( 0 === $share_user_id && $licenses->available >= 0 ) {',
		'about'   => 'an owner with no seat left is offered to activate one',
		'tests'   => 'LicenseSummaryTest',
	),
	'access-files-not-for-shared'        => array(
		'file'    => 'includes/Core/Rows/Access.php',
		'find'    => 'array( self::MEMBER, self::CONTRACT, self::ACTIVATED ), true );',
		'replace' => 'array( self::MEMBER, self::CONTRACT, self::ACTIVATED, self::SHARED ), true );',
		'about'   => 'a shared seat not yet activated opens the download',
		'tests'   => 'ItemDecisionsTest|ActivationRouteTest',
	),
	'access-granted'                     => array(
		'file'    => 'includes/Core/Rows/Access.php',
		'find'    => 'return self::NO_LICENSE !== $reason;',
		'replace' => 'return true;',
		'about'   => 'a row without a license opens the test',
		'tests'   => 'QuizRouteTest',
	),

	// The status a row shows (includes/Core/Rows/ItemStatus.php).
	'status-shared-needs-unactivated'    => array(
		'file'    => 'includes/Core/Rows/ItemStatus.php',
		'find'    => "if ( ! \$row['activated'] && \$row['total_licenses'] > 0",
		'replace' => "if ( \$row['total_licenses'] > 0",
		'about'   => 'an owner who activated their last seat reads Shared',
		'tests'   => 'ItemStatusTest',
	),
	'status-all-expired-boundary'        => array(
		'file'    => 'includes/Core/Rows/ItemStatus.php',
		'find'    => "\$row['expired_licenses'] >= \$row['total_licenses']",
		'replace' => "\$row['expired_licenses'] > \$row['total_licenses']",
		'about'   => 'a row whose every license expired is not Expired',
		'tests'   => 'ItemStatusTest',
	),
	'status-manual-is-purchased'         => array(
		'file'    => 'includes/Core/Rows/ItemStatus.php',
		'find'    => "array( ContentType::E_COURSE, ContentType::E_MANUAL ), true ) ) {\n\t\t\treturn self::PURCHASED;",
		'replace' => "array( ContentType::E_COURSE ), true ) ) {\n\t\t\treturn self::PURCHASED;",
		'about'   => 'an e-manual shows a video status instead of Purchased',
		'tests'   => 'ItemStatusTest',
	),
	'status-member-never-expired'        => array(
		'file'    => 'includes/Core/Rows/ItemStatus.php',
		'find'    => "( \$all_expired && 'member' !== \$row['tag'] )",
		'replace' => '$all_expired',
		'about'   => 'a member product reads Expired when its seats expired',
		'tests'   => 'ItemStatusTest',
	),
	'status-contract-ended'              => array(
		'file'    => 'includes/Core/Rows/ItemStatus.php',
		'find'    => " || ! empty( \$row['contract_ended'] ) ) {",
		'replace' => ' ) {',
		'about'   => 'an ended contract row does not read Expired',
		'tests'   => 'ItemStatusTest',
	),
	'status-in-progress-from-first-step' => array(
		'file'    => 'includes/Core/Rows/ItemStatus.php',
		'find'    => "if ( \$row['progress'] > 0 ) {",
		'replace' => "if ( \$row['progress'] > 5 ) {",
		'about'   => 'the first 5% step still reads Not Started',
		'tests'   => 'ItemStatusTest',
	),

	// The status of the item page (includes/Core/Rows/PlaybackStatus.php).
	'playback-certified-first'           => array(
		'file'    => 'includes/Core/Rows/PlaybackStatus.php',
		'find'    => 'if ( $certified ) {',
		'replace' => 'if ( false ) {',
		'about'   => 'a certified item does not read Completed',
		'tests'   => 'PlaybackStatusTest',
	),
	'playback-expired'                   => array(
		'file'    => 'includes/Core/Rows/PlaybackStatus.php',
		'find'    => 'if ( $expired ) {',
		'replace' => 'if ( false ) {',
		'about'   => 'an expired item does not read Expired',
		'tests'   => 'PlaybackStatusTest',
	),
	'playback-self-guided-purchased'     => array(
		'file'    => 'includes/Core/Rows/PlaybackStatus.php',
		'find'    => 'array( ContentType::E_COURSE, ContentType::CERTIFICATE_SELF_GUIDED )',
		'replace' => 'array( ContentType::E_COURSE )',
		'about'   => 'a self-guided certificate program shows a video status instead of Purchased',
		'tests'   => 'PlaybackStatusTest',
	),
	'playback-not-started-at-zero'       => array(
		'file'    => 'includes/Core/Rows/PlaybackStatus.php',
		'find'    => "return \$progress['count'] > 0 ? ItemStatus::IN_PROGRESS",
		'replace' => "return \$progress['count'] >= 0 ? ItemStatus::IN_PROGRESS",
		'about'   => 'an item never played reads In Progress',
		'tests'   => 'PlaybackStatusTest',
	),

	// Who may share a row on (includes/Core/Seats/ShareRule.php).
	'share-rule-contract-item'           => array(
		'file'    => 'includes/Core/Seats/ShareRule.php',
		'find'    => "|| \$row['contract_id'] > 0 ) {",
		'replace' => ') {',
		'about'   => "a contract's item can be shared",
		'tests'   => 'ShareRuleTest',
	),
	'share-rule-one-license'             => array(
		'file'    => 'includes/Core/Seats/ShareRule.php',
		'find'    => "\$row['total_licenses'] <= 1",
		'replace' => "\$row['total_licenses'] < 1",
		'about'   => 'a received share of exactly one license can be shared on',
		'tests'   => 'ShareRuleTest',
	),
	'share-rule-needs-a-seat'            => array(
		'file'    => 'includes/Core/Seats/ShareRule.php',
		'find'    => "return \$row['available_licenses'] > 0;",
		'replace' => "return \$row['available_licenses'] >= 0;",
		'about'   => 'a row with every seat used up can be shared',
		'tests'   => 'ShareRuleTest',
	),

	// Expiry dates (includes/Core/Rows/Expiry.php).
	'expiry-legacy-never'                => array(
		'file'    => 'includes/Core/Rows/Expiry.php',
		'find'    => 'return 0 === $expiry || self::NEVER_LEGACY === $expiry;',
		'replace' => 'return 0 === $expiry;',
		'about'   => "the old 'never' marker 100100 reads as a date in 1970",
		'tests'   => 'LicenseSummaryTest',
	),
	'expiry-at-this-second'              => array(
		'file'    => 'includes/Core/Rows/Expiry.php',
		'find'    => 'return ! self::is_never( $expiry ) && $expiry <= $now;',
		'replace' => 'return ! self::is_never( $expiry ) && $expiry < $now;',
		'about'   => 'a seat expiring at this very second still counts',
		'tests'   => 'LicenseSummaryTest',
	),
	'expiry-this-month-ends-before-next' => array(
		'file'    => 'includes/Core/Rows/Expiry.php',
		'find'    => '$expiry < $next_month_start;',
		'replace' => '$expiry <= $next_month_start;',
		'about'   => 'an expiry at midnight of the 1st of next month is told as this month',
		'tests'   => 'ItemDecisionsTest',
	),
	'expiry-latest-never-wins'           => array(
		'file'    => 'includes/Core/Rows/Expiry.php',
		'find'    => 'if ( self::is_never( $expiry ) ) {',
		'replace' => 'if ( false ) {',
		'about'   => 'a row with one never-expiring seat shows the latest date instead of never',
		'tests'   => 'LicenseSummaryTest',
	),

	// Watching: the step, the clock and the credit (includes/Learning/ProgressLimit.php, ItemClock.php).
	'progress-step-up-to-100'            => array(
		'file'    => 'includes/Learning/ProgressLimit.php',
		'find'    => '$percent <= ProgressRules::COMPLETE_PERCENT &&',
		'replace' => '$percent < ProgressRules::COMPLETE_PERCENT &&',
		'about'   => '100% is refused as a step',
		'tests'   => 'ProgressLimitTest',
	),
	'progress-session-gap'               => array(
		'file'    => 'includes/Learning/ProgressLimit.php',
		'find'    => '$now - $clock->reported_at > self::SESSION_GAP_SECONDS;',
		'replace' => '$now - $clock->reported_at >= self::SESSION_GAP_SECONDS;',
		'about'   => 'a report exactly 30 s after the last one opens a new session',
		'tests'   => 'ProgressLimitTest',
	),
	'progress-clock-runs-in-session'     => array(
		'file'    => 'includes/Learning/ProgressLimit.php',
		'find'    => 'if ( ! self::opens_session( $clock, $now ) ) {',
		'replace' => 'if ( false ) {',
		'about'   => 'time between reports in a session is not counted from the credit already earned',
		'tests'   => 'ProgressLimitTest',
	),
	'progress-hold-rounds-up'            => array(
		'file'    => 'includes/Learning/ProgressLimit.php',
		'find'    => 'return intdiv( $length * ProgressRules::PROGRESS_STEP_PERCENT + $per - 1, $per ) + self::UNSPENT_RHYTHM_SECONDS;',
		'replace' => 'return intdiv( $length * ProgressRules::PROGRESS_STEP_PERCENT, $per ) + self::UNSPENT_RHYTHM_SECONDS;',
		'about'   => 'the unspent time held is one second short of a step of the part',
		'tests'   => 'ProgressLimitTest',
	),
	'progress-tolerance'                 => array(
		'file'    => 'includes/Learning/ProgressLimit.php',
		'find'    => '$seconds = max( 0, $now + ProgressRules::TOLERANCE_SECONDS - $credited_until );',
		'replace' => '$seconds = max( 0, $now - $credited_until );',
		'about'   => 'the 10 s tolerance for a late report is gone',
		'tests'   => 'ProgressLimitTest',
	),
	'progress-capped-at-100'             => array(
		'file'    => 'includes/Learning/ProgressLimit.php',
		'find'    => 'return min( ProgressRules::COMPLETE_PERCENT, $stored + $gain );',
		'replace' => 'return $stored + $gain;',
		'about'   => 'the allowed progress goes past 100%',
		'tests'   => 'ProgressLimitTest',
	),
	'progress-rate-2x'                   => array(
		'file'    => 'includes/Learning/ProgressLimit.php',
		'find'    => '$gain = intdiv( $seconds * ProgressRules::MAX_PLAYBACK_RATE * 100,',
		'replace' => '$gain = intdiv( $seconds * 3 * 100,',
		'about'   => 'watching is credited at 3x instead of at most 2x',
		'tests'   => 'ProgressLimitTest',
	),
	'progress-raise-spends'              => array(
		'file'    => 'includes/Learning/ProgressLimit.php',
		'find'    => 'return max( $credited_until + intdiv( ( $to - $from ) * $length + $per - 1, $per ), $now - self::hold( $length ) );',
		'replace' => 'return max( $credited_until, $now - self::hold( $length ) );',
		'about'   => 'a raise spends nothing, so another part can spend the same time again',
		'tests'   => 'ProgressLimitTest',
	),
	'progress-unknown-length-pace'       => array(
		'file'    => 'includes/Learning/ProgressLimit.php',
		'find'    => 'return $duration > 0 ? $duration : max( 1, $pace_seconds ) * self::UNKNOWN_LENGTH_PER_PACE_SECOND;',
		'replace' => 'return $duration > 0 ? $duration : max( 1, $pace_seconds ) * 20;',
		'about'   => 'a video of unknown length is credited twice as fast as the default pace allows',
		'tests'   => 'ProgressLimitTest',
	),
	'clock-latest-credit'                => array(
		'file'    => 'includes/Learning/ItemClock.php',
		'find'    => '$credited = max( $credited, $part->credited_until );',
		'replace' => '$credited = $part->credited_until;',
		'about'   => "the item's clock takes the last part's credit, not the latest",
		'tests'   => 'ProgressLimitTest',
	),
	'clock-latest-report'                => array(
		'file'    => 'includes/Learning/ItemClock.php',
		'find'    => '$reported = max( $reported, $part->reported_at );',
		'replace' => '$reported = $part->reported_at;',
		'about'   => "the item's clock takes the last part's report time, not the latest",
		'tests'   => 'ProgressLimitTest',
	),

	// A report of progress: judged, never lowered, activating a seat at 5% (includes/Learning/ProgressRecorder.php, SeatActivation.php).
	'clock-raise-compare-and-set'        => array(
		'file'    => 'includes/Core/Rows/ProgressRepository.php',
		'find'    => "ELSE percent END, reported_at = %d, session_started_at = %d WHERE user_id = %d AND product_id = %d AND session_started_at = %d'",
		'replace' => "ELSE percent END, reported_at = %d, session_started_at = %d WHERE user_id = %d AND product_id = %d AND session_started_at >= %d'",
		'about'   => 'a raise judged by a clock another report spent still raises its part',
		'tests'   => 'WatchingClockRaceTest',
	),
	'clock-claim-compare-and-set'        => array(
		'file'    => 'includes/Core/Rows/ProgressRepository.php',
		'find'    => "'UPDATE %i SET reported_at = %d, session_started_at = %d WHERE user_id = %d AND product_id = %d AND session_started_at = %d',",
		'replace' => "'UPDATE %i SET reported_at = %d, session_started_at = %d WHERE user_id = %d AND product_id = %d AND session_started_at >= %d',",
		'about'   => "a part's first raise spends a clock another report spent",
		'tests'   => 'WatchingClockRaceTest',
	),
	'clock-keep-never-back'              => array(
		'file'    => 'includes/Core/Rows/ProgressRepository.php',
		'find'    => 'session_started_at = CASE WHEN session_started_at < %d THEN %d ELSE session_started_at END',
		'replace' => 'session_started_at = CASE WHEN session_started_at <> %d THEN %d ELSE session_started_at END',
		'about'   => 'a report that raises nothing moves the clock back to what it read',
		'tests'   => 'WatchingClockRaceTest',
	),
	'clock-rows-levelled'                => array(
		'file'    => 'includes/Core/Rows/ProgressRepository.php',
		'find'    => 'if ( $part->credited_until !== $clock ) {',
		'replace' => 'if ( false ) {',
		'about'   => "rows of separate clocks are not brought to the item's clock, so a raise of a part behind it is lost",
		'tests'   => 'WatchingClockRaceTest',
	),
	'report-too-fast-refused'            => array(
		'file'    => 'includes/Learning/ProgressRecorder.php',
		'find'    => 'if ( $percent > $allowed && $percent > (int) $read ) {',
		'replace' => 'if ( $percent > $allowed + ProgressRules::PROGRESS_STEP_PERCENT && $percent > (int) $read ) {',
		'about'   => 'a report one step beyond the time watched is saved',
		'tests'   => 'ProgressRouteTest::test_a_first_report_may_spend_only_the_tolerance_and_starts_the_clock',
	),
	'report-existing-parts'              => array(
		'file'    => 'includes/Learning/ProgressRecorder.php',
		'find'    => '$part >= $media->part_count()',
		'replace' => '$part > $media->part_count()',
		'about'   => 'a report for the part after the last one is taken',
		'tests'   => 'ProgressRouteTest::test_only_whole_steps_and_existing_parts_are_taken',
	),
	'report-activates-at-5'              => array(
		'file'    => 'includes/Learning/ProgressRecorder.php',
		'find'    => '$watched >= ProgressRules::ACTIVATION_PERCENT &&',
		'replace' => '$watched > ProgressRules::ACTIVATION_PERCENT &&',
		'about'   => 'the seat is activated at 10% instead of 5%',
		'tests'   => 'ProgressRouteTest::test_five_percent_activates',
	),
	'activation-of-a-shared-seat'        => array(
		'file'    => 'includes/Learning/SeatActivation.php',
		'find'    => 'if ( Access::CAN_ACTIVATE !== $access && Access::SHARED !== $access ) {',
		'replace' => 'if ( Access::CAN_ACTIVATE !== $access ) {',
		'about'   => 'a seat shared with a member is never activated',
		'tests'   => 'ActivationRouteTest',
	),
	'activation-not-twice'               => array(
		'file'    => 'includes/Learning/SeatActivation.php',
		'find'    => 'if ( Access::opens_files( $access ) ) {',
		'replace' => 'if ( false ) {',
		'about'   => 'opening an activated item again spends another seat',
		'tests'   => 'ActivationRouteTest',
	),

	// The test opens at 95% of every part (includes/Core/Rows/TestReadiness.php).
	'readiness-threshold'                => array(
		'file'    => 'includes/Core/Rows/TestReadiness.php',
		'find'    => 'if ( $percent >= ProgressRules::TAKE_TEST_PERCENT ) {',
		'replace' => 'if ( $percent > ProgressRules::TAKE_TEST_PERCENT ) {',
		'about'   => 'a part at exactly 95% keeps the test closed',
		'tests'   => 'TestReadinessTest',
	),
	'readiness-every-part'               => array(
		'file'    => 'includes/Core/Rows/TestReadiness.php',
		'find'    => '$part_percents && min( $part_percents ) >= ProgressRules::TAKE_TEST_PERCENT;',
		'replace' => '$part_percents && max( $part_percents ) >= ProgressRules::TAKE_TEST_PERCENT;',
		'about'   => 'one watched part makes a multi-part item ready for its test',
		'tests'   => 'PlaybackStatusTest',
	),

	// Grading and the attempt limit (includes/Core/Quizzes/Grade.php, QuizService.php).
	'grade-pass-mark-reached'            => array(
		'file'    => 'includes/Core/Quizzes/Grade.php',
		'find'    => '$score >= $pass_mark,',
		'replace' => '$score > $pass_mark,',
		'about'   => 'a score equal to the pass mark fails',
		'tests'   => 'QuizRouteTest',
	),
	'grade-every-answer'                 => array(
		'file'    => 'includes/Core/Quizzes/Grade.php',
		'find'    => "if ( null === \$index ) {\n\t\t\t\treturn null;",
		'replace' => "if ( false ) {\n\t\t\t\treturn null;",
		'about'   => 'a submission with an unanswered question is graded',
		'tests'   => 'QuizRouteTest',
	),
	'grade-score-rounded'                => array(
		'file'    => 'includes/Core/Quizzes/Grade.php',
		'find'    => '$score = (int) round( $correct / $total * 100 );',
		'replace' => '$score = (int) floor( $correct / $total * 100 );',
		'about'   => 'two of three right scores 66 instead of 67',
		'tests'   => '\bGradeTest\b',
	),
	'answer-ids-per-item'                => array(
		'file'    => 'includes/Core/Items/Question.php',
		'find'    => "'library-portal/quiz-answer|' . \$product_id . '|' . \$this->id",
		'replace' => "'library-portal/quiz-answer|' . \$this->id",
		'about'   => "an answer's ID is the same on every item with that question, so another item's page answers this one",
		'tests'   => '\\bGradeTest\\b',
	),
	'attempts-limit-checked'             => array(
		'file'    => 'includes/Core/Quizzes/QuizService.php',
		'find'    => 'if ( $limit > 0 && $this->attempts->counted_since( $user_id, $product_id, $since ) >= $limit ) {',
		'replace' => 'if ( $limit > 0 && $this->attempts->counted_since( $user_id, $product_id, $since ) > $limit ) {',
		'about'   => 'the attempt after the last allowed one is not refused before grading',
		'tests'   => 'QuizAttemptLimitTest',
	),
	'attempts-next-opening'              => array(
		'file'    => 'includes/Core/Quizzes/QuizService.php',
		'find'    => '$this->attempts->oldest_blocking( $user_id, $product_id, $since, $limit, $used ) + self::WINDOW : 0;',
		'replace' => '$this->attempts->oldest_blocking( $user_id, $product_id, $since, $limit, $used ) : 0;',
		'about'   => 'the next attempt is said to open when the oldest counted one was made, not 24 h later',
		'tests'   => 'QuizAttemptLimitTest',
	),
	'attempts-left'                      => array(
		'file'    => 'includes/Core/Quizzes/QuizService.php',
		'find'    => '$left  = max( 0, $limit - $used );',
		'replace' => '$left  = max( 0, $limit - $used - 1 );',
		'about'   => 'the attempts left are one short',
		'tests'   => 'QuizAttemptLimitTest',
	),
	'attempts-negative-limit-is-none'    => array(
		'file'    => 'includes/Core/Quizzes/QuizService.php',
		'find'    => 'return is_numeric( $limit ) ? max( 0, (int) $limit ) : 0;',
		'replace' => 'return is_numeric( $limit ) ? (int) $limit : 0;',
		'about'   => 'a negative limit from the filter locks the test instead of meaning no limit',
		'tests'   => 'QuizAttemptLimitTest',
	),

	// Names quoted in mail and notifications (includes/Core/People/PersonName.php).
	'name-length'                        => array(
		'file'    => 'includes/Core/People/PersonName.php',
		'find'    => 'if ( mb_strlen( $name ) > self::MAX_LENGTH ) {',
		'replace' => 'if ( mb_strlen( $name ) > self::MAX_LENGTH + 20 ) {',
		'about'   => 'a name of 61 to 80 characters is quoted whole',
		'tests'   => 'NamesInMessagesTest',
	),
	'name-no-mail-address'               => array(
		'file'    => 'includes/Core/People/PersonName.php',
		'find'    => "'~\\S+@\\S+~u',",
		'replace' => '',
		'about'   => 'an e-mail address in a name is quoted',
		'tests'   => 'NamesInMessagesTest',
	),
	'name-folds-look-alikes'             => array(
		'file'    => 'includes/Core/People/PersonName.php',
		'find'    => '\Normalizer::normalize( $name, \Normalizer::FORM_KC )',
		'replace' => '\Normalizer::normalize( $name, \Normalizer::FORM_C )',
		'about'   => 'full-width look-alike addresses pass the cleaning',
		'tests'   => 'NamesInMessagesTest',
	),
	'name-controls-become-spaces'        => array(
		'file'    => 'includes/Core/People/PersonName.php',
		'find'    => "'/[\\p{Cc}\\p{Zl}\\p{Zp}]+/u', ' '",
		'replace' => "'/[\\p{Zl}\\p{Zp}]+/u', ' '",
		'about'   => 'a bell or escape character in a name reaches the mail and the notifications',
		'tests'   => 'NamesInMessagesTest',
	),
	'name-falls-back-to-login'           => array(
		'file'    => 'includes/Core/People/PersonName.php',
		'find'    => 'array( (string) $user->display_name, (string) $user->user_login )',
		'replace' => 'array( (string) $user->display_name )',
		'about'   => 'a display name that cleans to nothing says "A team member" though the login is a name',
		'tests'   => 'NamesInMessagesTest',
	),

	// Share links: signature, lifetime, states (includes/Core/Seats/ShareLinkCodec.php, ShareLinks.php, ShareLinkRecord.php).
	'link-signature-checked'             => array(
		'file'    => 'includes/Core/Seats/ShareLinkCodec.php',
		'find'    => 'if ( ! hash_equals(',
		'replace' => 'if ( false && ! hash_equals(',
		'about'   => 'a link with a changed field is accepted',
		'tests'   => 'ShareLinkCodecTest',
	),
	'link-signs-the-item'                => array(
		'file'    => 'includes/Core/Seats/ShareLinkCodec.php',
		'find'    => "\$link_id . '|' . \$user_id . '|' . \$product_id . '|' . \$timestamp, \$this->key",
		'replace' => "\$link_id . '|' . \$user_id . '|' . \$timestamp, \$this->key",
		'about'   => 'the item a link names can be changed without breaking its signature',
		'tests'   => 'ShareLinkCodecTest',
	),
	'link-key-derived'                   => array(
		'file'    => 'includes/Core/Seats/ShareLinkCodec.php',
		'find'    => '$this->key = hash_hmac( \'sha256\', self::KEY_LABEL, $site_secret, true );',
		'replace' => '$this->key = $site_secret;',
		'about'   => "links are signed with the site's secret itself, not a key made from it for links alone",
		'tests'   => 'ShareLinkCodecTest',
	),
	'link-fields-positive'               => array(
		'file'    => 'includes/Core/Seats/ShareLinkCodec.php',
		'find'    => '$data[ $field ] <= 0 ) {',
		'replace' => '$data[ $field ] < 0 ) {',
		'about'   => 'a link naming item or user 0 is decoded',
		'tests'   => 'ShareLinkCodecTest',
	),
	'link-lifetime'                      => array(
		'file'    => 'includes/Core/Seats/ShareLinkCodec.php',
		'find'    => "if ( \$data['timestamp'] + \$lifetime < \$now ) {",
		'replace' => "if ( \$data['timestamp'] + \$lifetime + DAY_IN_SECONDS < \$now ) {",
		'about'   => 'a link works a day past its lifetime',
		'tests'   => 'ShareLinkCodecTest',
	),
	'link-withdrawn'                     => array(
		'file'    => 'includes/Core/Seats/ShareLinks.php',
		'find'    => 'if ( $stored->is_revoked() ) {',
		'replace' => 'if ( false ) {',
		'about'   => 'a withdrawn link still gives a seat',
		'tests'   => 'ShareLinkManagementTest',
	),
	'link-used-once'                     => array(
		'file'    => 'includes/Core/Seats/ShareLinks.php',
		'find'    => 'if ( $stored->is_used() ) {',
		'replace' => 'if ( false ) {',
		'about'   => 'a used e-mailed link opens again (the accept then refuses it later)',
		'tests'   => 'ShareLinkManagementTest|InviteOutcomeTest',
	),
	'link-pending-not-expired'           => array(
		'file'    => 'includes/Core/Seats/ShareLinks.php',
		'find'    => '|| $link->created_at < $this->made_since( $now ) ) {',
		'replace' => ') {',
		'about'   => 'an expired e-mailed invitation can still be resent',
		'tests'   => 'PendingInvitationsTest',
	),
	'link-record-used'                   => array(
		'file'    => 'includes/Core/Seats/ShareLinkRecord.php',
		'find'    => 'return $this->used_at > 0;',
		'replace' => 'return $this->used_at >= 0;',
		'about'   => 'every link reads as used',
		'tests'   => 'ShareLinkManagementTest',
	),

	// Seats and invites (includes/Sharing/SeatSharing.php, ShareInvites.php).
	'seat-own-license-spends-nothing'    => array(
		'file'    => 'includes/Sharing/SeatSharing.php',
		'find'    => "own_seat_counts( \$user_id, \$invite->product_id, \$now )['unexpired'] > 0 ) {",
		'replace' => "own_seat_counts( \$user_id, \$invite->product_id, \$now )['unexpired'] > 1 ) {",
		'about'   => "a recipient with one license of their own takes a seat of the sharer's",
		'tests'   => 'SharingRoutesTest::test_someone_with_their_own_license_does_not_spend_the_sharers',
	),
	'seat-emailed-link-once'             => array(
		'file'    => 'includes/Sharing/SeatSharing.php',
		'find'    => 'if ( $emailed && ! $this->links->use_once( $invite->link_id, $now ) ) {',
		'replace' => 'if ( false ) {',
		'about'   => 'an e-mailed link gives a seat to everyone it is forwarded to',
		'tests'   => 'ShareLinkManagementTest',
	),
	'seat-request-only-when-none'        => array(
		'file'    => 'includes/Sharing/SeatSharing.php',
		'find'    => 'if ( $invite->available > 0 ) {',
		'replace' => 'if ( $invite->available > 1 ) {',
		'about'   => 'a license request is sent though one seat is left to accept',
		'tests'   => 'SharingRoutesTest::test_a_request_while_seats_are_left_is_refused',
	),
	'seat-own-link'                      => array(
		'file'    => 'includes/Sharing/SeatSharing.php',
		'find'    => 'if ( $invite->sharer_id === $user_id ) {',
		'replace' => 'if ( false ) {',
		'about'   => 'a sharer can accept their own link',
		'tests'   => 'SharingRoutesTest',
	),
	'invite-no-seats-left'               => array(
		'file'    => 'includes/Core/Seats/ShareInvites.php',
		'find'    => "if ( 0 === \$seats['unexpired'] && ! \$even_when_none ) {",
		'replace' => 'if ( false ) {',
		'about'   => 'a link whose sharer has no seat left opens an invite to accept',
		'tests'   => 'SharingRoutesTest',
	),
	'invite-status-gone'                 => array(
		'file'    => 'includes/Core/Seats/ShareInvites.php',
		'find'    => 'return self::INVALID === $reason ? 400 : 410;',
		'replace' => 'return 400;',
		'about'   => 'an expired or withdrawn link answers 400 instead of 410 Gone',
		'tests'   => 'SharingRoutesTest|ShareLinkManagementTest',
	),
	'invite-address-any-case'            => array(
		'file'    => 'includes/Core/Seats/ShareInvites.php',
		'find'    => '0 === strcasecmp( $recipient_email, (string) $user->user_email );',
		'replace' => '$recipient_email === (string) $user->user_email;',
		'about'   => 'an invitation to Ann@Example.org is not offered to the account ann@example.org',
		'tests'   => 'InvitationByAddressTest|PendingInvitationsTest',
	),

	// WooCommerce: which order statuses grant, take back or suspend seats (includes/Integrations/WooCommerce/OrderGrants.php).
	'order-completed-grants'             => array(
		'file'    => 'includes/Integrations/WooCommerce/OrderGrants.php',
		'find'    => "if ( 'completed' === \$status ) {",
		'replace' => "if ( 'completed-x' === \$status ) {",
		'about'   => 'a completed order grants nothing',
		'tests'   => 'OrderGrantsTest',
	),
	'order-processing-needs-payment'     => array(
		'file'    => 'includes/Integrations/WooCommerce/OrderGrants.php',
		'find'    => 'if ( $paid_at > 0 ) {',
		'replace' => 'if ( $paid_at >= 0 ) {',
		'about'   => 'a cash-on-delivery order grants seats before it is paid',
		'tests'   => 'OrderGrantsTest',
	),
	'order-cancelled-takes-back'         => array(
		'file'    => 'includes/Integrations/WooCommerce/OrderGrants.php',
		'find'    => "'cancelled' => GrantService::REASON_CANCELLED,",
		'replace' => '',
		'about'   => 'a cancelled order keeps its seats',
		'tests'   => 'OrderGrantsTest',
	),
	'order-failed-takes-back'            => array(
		'file'    => 'includes/Integrations/WooCommerce/OrderGrants.php',
		'find'    => "'failed'    => GrantService::REASON_FAILED,",
		'replace' => '',
		'about'   => 'a paid order that goes to failed keeps its seats',
		'tests'   => 'OrderGrantsTest',
	),
	'order-on-hold-suspends'             => array(
		'file'    => 'includes/Integrations/WooCommerce/OrderGrants.php',
		'find'    => "'on-hold' => GrantService::REASON_ON_HOLD,",
		'replace' => '',
		'about'   => 'a paid order put on hold keeps its seats',
		'tests'   => 'OrderGrantsTest',
	),
	'order-quantity-positive'            => array(
		'file'    => 'includes/Integrations/WooCommerce/OrderGrants.php',
		'find'    => '$line->terms->gives_licenses() && $line->quantity > 0 );',
		'replace' => '$line->terms->gives_licenses() );',
		'about'   => 'a line refunded to 0 units is granted again',
		'tests'   => 'OrderGrantsTest',
	),
	// Signed video addresses (includes/Core/Items/VideoUrlSigner.php).
	'signer-nginx-learner-in-token'      => array(
		'file'    => 'includes/Core/Items/VideoUrlSigner.php',
		'find'    => "md5( \$expires . \$parts['dir'] . \$user_id . ' ' . \$secret, true )",
		'replace' => "md5( \$expires . \$parts['dir'] . ' ' . \$secret, true )",
		'about'   => "an nginx token no longer names its learner, so one learner's address works for another",
		'tests'   => 'VideoUrlSignerTest',
	),
	'signer-nginx-directory-in-token'    => array(
		'file'    => 'includes/Core/Items/VideoUrlSigner.php',
		'find'    => "return \$parts['origin'] . self::NGINX_PREFIX . '/' . \$token . '/' . \$expires . '/' . \$user_id . \$parts['path'];",
		'replace' => "return \$parts['origin'] . self::NGINX_PREFIX . '/' . \$token . '/' . \$expires . '/' . \$user_id . '/' . basename( \$parts['path'] );",
		'about'   => "the signed nginx address drops the playlist's directory",
		'tests'   => 'VideoUrlSignerTest',
	),
	'signer-bunny-expiry-in-token'       => array(
		'file'    => 'includes/Core/Items/VideoUrlSigner.php',
		'find'    => "hash( 'sha256', \$key . \$parts['dir'] . \$expires . implode( '&', \$signed ), true )",
		'replace' => "hash( 'sha256', \$key . \$parts['dir'] . implode( '&', \$signed ), true )",
		'about'   => 'a Bunny token no longer covers its expiry, so an address can be made to last',
		'tests'   => 'VideoUrlSignerTest',
	),
	'signer-bunny-sorted-parameters'     => array(
		'file'    => 'includes/Core/Items/VideoUrlSigner.php',
		'find'    => 'ksort( $parameters );',
		'replace' => 'krsort( $parameters );',
		'about'   => 'Bunny parameters signed out of the order its check sorts them in',
		'tests'   => 'VideoUrlSignerTest',
	),
	'signer-cloudfront-sha1'             => array(
		'file'    => 'includes/Core/Items/VideoUrlSigner.php',
		'find'    => 'openssl_sign( $policy, $signature, $key, OPENSSL_ALGO_SHA1 )',
		'replace' => 'openssl_sign( $policy, $signature, $key, OPENSSL_ALGO_SHA256 )',
		'about'   => 'a CloudFront signature CloudFront cannot verify (SHA-256 where the canned policy takes SHA-1)',
		'tests'   => 'VideoUrlSignerTest',
	),
	'signer-cloudfront-alphabet'         => array(
		'file'    => 'includes/Core/Items/VideoUrlSigner.php',
		'find'    => "strtr( base64_encode( \$signature ), '+=/', '-_~' )",
		'replace' => "strtr( base64_encode( \$signature ), '+/', '-_' )",
		'about'   => 'a CloudFront signature in the wrong base64 alphabet',
		'tests'   => 'VideoUrlSignerTest',
	),
	'signer-lifetime'                    => array(
		'file'    => 'includes/Core/Items/VideoUrlSigner.php',
		'find'    => '$expires = $now + $this->lifetime;',
		'replace' => '$expires = $now + 10 * $this->lifetime;',
		'about'   => 'addresses last ten times the lifetime set',
		'tests'   => 'VideoUrlSignerTest',
	),
	'signer-no-secret-no-address'        => array(
		'file'    => 'includes/Core/Items/VideoUrlSigner.php',
		'find'    => "if ( null === \$parts || '' === \$secret ) {",
		'replace' => 'if ( null === $parts ) {',
		'about'   => 'nginx signing without its secret hands out an address anyone can forge',
		'tests'   => 'VideoUrlSignerTest',
	),

	// A playlist's length (includes/Learning/PlaylistDuration.php).
	'length-needs-endlist'               => array(
		'file'    => 'includes/Learning/PlaylistDuration.php',
		'find'    => "if ( ! preg_match( '/^#EXT-X-ENDLIST\\b/m', \$text ) ) {",
		'replace' => 'if ( false ) {',
		'about'   => "a live playlist's latest segments are taken for the video's length",
		'tests'   => 'PlaylistDurationTest|PlaylistOtherHostTest',
	),
	'length-sums-segments'               => array(
		'file'    => 'includes/Learning/PlaylistDuration.php',
		'find'    => "return (int) round( array_sum( array_map( 'floatval', \$segments[1] ?? array() ) ) );",
		'replace' => "return (int) round( max( array_map( 'floatval', \$segments[1] ?? array( 0 ) ) ) );",
		'about'   => "the length is one segment's, not the sum of them",
		'tests'   => 'PlaylistDurationTest',
	),
	'length-follows-first-variant'       => array(
		'file'    => 'includes/Learning/PlaylistDuration.php',
		'find'    => '$text = self::read( self::resolve( $url, trim( $variant[1] ) ) );',
		'replace' => '$text = self::read( $url );',
		'about'   => 'a master playlist is not followed to its variant',
		'tests'   => 'PlaylistDurationTest',
	),
);
