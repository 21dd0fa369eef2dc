/**
 * Jest configuration for the TypeScript/React unit tests (run by `wp-scripts test-unit-js`).
 *
 * The WordPress preset ships inside @wordpress/scripts, so it is required by path instead of by name.
 */
const path = require( 'path' );

const scriptsDir = path.dirname(
	require.resolve( '@wordpress/scripts/package.json' )
);
const preset = require(
	require.resolve( '@wordpress/jest-preset-default', {
		paths: [ scriptsDir ],
	} )
);

module.exports = {
	...preset,
	rootDir: __dirname,
	roots: [ '<rootDir>/src' ],
	transform: {
		'\\.[jt]sx?$': path.join( scriptsDir, 'config', 'babel-transform.js' ),
	},
	setupFilesAfterEnv: [
		...preset.setupFilesAfterEnv,
		'<rootDir>/src/test-utils/setup.ts',
	],
	testPathIgnorePatterns: [ '/node_modules/', '<rootDir>/build/' ],
};
