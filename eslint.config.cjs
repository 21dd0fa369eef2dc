/**
 * ESLint flat config: the @wordpress/scripts defaults (with TypeScript support), plus
 * the unit-test and Playwright environments and this plugin's text domain.
 */
const wpPlugin = require( '@wordpress/eslint-plugin' );
const wpScriptsConfig = require( '@wordpress/scripts/config/eslint.config.cjs' );

module.exports = [
	{
		ignores: [
			'build/**',
			'node_modules/**',
			'vendor/**',
			'var/**',
			'languages/**',
			'test-results/**',
			'playwright-report/**',
			'artifacts/**',
		],
	},
	...wpScriptsConfig,
	...wpPlugin.configs[ 'test-unit' ].map( ( config ) => ( {
		...config,
		files: [
			'src/**/test/**/*.{js,jsx,ts,tsx}',
			'src/test-utils/**/*.{js,jsx,ts,tsx}',
		],
	} ) ),
	...wpPlugin.configs[ 'test-playwright' ].map( ( config ) => ( {
		...config,
		files: [ 'tests/e2e/**/*.{js,ts}' ],
	} ) ),
	{
		// Jest runs from @wordpress/scripts' own dependencies; tell eslint-plugin-jest its version.
		settings: { jest: { version: 30 } },
		rules: {
			'@wordpress/i18n-text-domain': [
				'error',
				{ allowedTextDomain: 'library-portal' },
			],
		},
	},
	{
		files: [ 'tools/**/*.mjs', '*.config.{js,cjs}', 'webpack.config.js' ],
		rules: {
			'no-console': 'off',
			// Build tools come with @wordpress/scripts.
			'import/no-extraneous-dependencies': 'off',
		},
	},
];
