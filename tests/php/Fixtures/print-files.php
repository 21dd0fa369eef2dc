<?php
/**
 * Router of a bare PHP server for tests: answers every request with the $_FILES PHP made of it, as
 * JSON (tests/php/Contracts/FullDiskUploadTest.php reads what PHP does with an upload on a full disk).
 *
 * @package LibraryPortal
 */

// phpcs:ignore WordPress.WP.AlternativeFunctions.json_encode_json_encode, WordPress.Security.EscapeOutput.OutputNotEscaped -- plain PHP, JSON for a test.
echo json_encode( $_FILES );
