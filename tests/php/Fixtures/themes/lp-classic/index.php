<?php
/**
 * A classic theme for the tests: no block templates.
 *
 * @package LibraryPortal
 */
