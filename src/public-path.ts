/**
 * Must be the first import of the entry: lazy chunks are fetched from config.publicPath (build/ URL).
 */

/**
 * Internal dependencies
 */
import { getConfig } from './config';

const { publicPath } = getConfig();
if ( publicPath !== '' ) {
	// eslint-disable-next-line camelcase
	__webpack_public_path__ = publicPath;
}
