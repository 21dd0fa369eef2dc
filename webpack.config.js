/**
 * Build of the portal's scripts and brand stylesheets on top of @wordpress/scripts.
 *
 * Outputs (build/):
 * - index.js + index.asset.php: the entry (mounts the shell island, owns the router);
 * - island-library.js, island-detail.js, island-team.js, player.js, …: lazy chunks loaded by
 *   webpack from config.publicPath (never enqueued by PHP);
 * - brand-harbor.css, brand-summit.css (+ -rtl.css): one stylesheet per brand;
 * - blocks/portal/: the portal block's block.json (copied from src/) and its editor script;
 * - chunks.json: which files each entry / lazy island needs, and which packages they bundle
 *   (read by tools/bundle-budget.mjs).
 */
const path = require( 'path' );
const DependencyExtractionWebpackPlugin = require( '@wordpress/dependency-extraction-webpack-plugin' );
const defaultConfig = require( '@wordpress/scripts/config/webpack.config' );
const { sources } = require( 'webpack' );

/**
 * Writes build/chunks.json: files per entry point and per named lazy chunk group, and the
 * node_modules packages bundled in each JS file.
 */
class ChunkManifestPlugin {
	apply( compiler ) {
		compiler.hooks.thisCompilation.tap(
			'ChunkManifestPlugin',
			( compilation ) => {
				compilation.hooks.processAssets.tap(
					{
						name: 'ChunkManifestPlugin',
						stage: compilation.constructor
							.PROCESS_ASSETS_STAGE_REPORT,
					},
					() => {
						const clean = ( file ) => file.replace( /\?.*$/, '' );
						const filesOf = ( group ) => [
							...new Set(
								group.chunks.flatMap( ( chunk ) =>
									[ ...chunk.files ].map( clean )
								)
							),
						];
						const entries = {};
						for ( const [
							name,
							entrypoint,
						] of compilation.entrypoints ) {
							entries[ name ] = filesOf( entrypoint );
						}
						const chunkGroups = {};
						for ( const [
							name,
							group,
						] of compilation.namedChunkGroups ) {
							if ( ! compilation.entrypoints.has( name ) ) {
								chunkGroups[ name ] = filesOf( group );
							}
						}
						const packages = {};
						for ( const chunk of compilation.chunks ) {
							const names = new Set();
							for ( const module of compilation.chunkGraph.getChunkModulesIterable(
								chunk
							) ) {
								const inner = module.modules || [ module ];
								for ( const m of inner ) {
									const match =
										/node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(
											m.resource || ''
										);
									if ( match ) {
										names.add(
											match[ 1 ].replace( /\\/g, '/' )
										);
									}
								}
							}
							for ( const file of chunk.files ) {
								if ( /\.js(\?|$)/.test( file ) ) {
									packages[ clean( file ) ] = [
										...names,
									].sort();
								}
							}
						}
						compilation.emitAsset(
							'chunks.json',
							new sources.RawSource(
								JSON.stringify(
									{ entries, chunkGroups, packages },
									null,
									2
								)
							)
						);
					}
				);
			}
		);
	}
}

module.exports = {
	...defaultConfig,
	entry: {
		index: path.resolve( __dirname, 'src/index.ts' ),
		// The portal block's editor script (block.json is copied beside it by @wordpress/scripts).
		'blocks/portal/index': path.resolve(
			__dirname,
			'src/blocks/portal/index.tsx'
		),
		'brand-harbor': path.resolve(
			__dirname,
			'src/styles/brand-harbor.scss'
		),
		'brand-summit': path.resolve(
			__dirname,
			'src/styles/brand-summit.scss'
		),
		// wp-admin "Training Library → Reports": draws the screen's charts with Chart.js (enqueued by PHP there only).
		'admin-reports': path.resolve( __dirname, 'src/admin/reports.ts' ),
	},
	output: {
		...defaultConfig.output,
		// Lazy chunks get a stable name (so translation JSON files keep matching) and a cache-busting query.
		chunkFilename: '[name].js?ver=[contenthash:12]',
		// No 'auto' detection (it throws where document.currentScript is unknown): src/public-path.ts
		// sets __webpack_public_path__ from config.publicPath before any chunk loads.
		publicPath: '',
		// Spec point 9: wait at most 60 s for a lazy asset before it counts as failed.
		chunkLoadTimeout: 60000,
	},
	plugins: [
		...defaultConfig.plugins.filter(
			( plugin ) =>
				! ( plugin instanceof DependencyExtractionWebpackPlugin )
		),
		// WordPress 6.5 has React 18 but no `react-jsx-runtime` script: bundle the (tiny) JSX runtime
		// instead of externalising it, so no `react-jsx-runtime` dependency is ever emitted.
		new DependencyExtractionWebpackPlugin( {
			requestToExternal( request ) {
				if (
					request === 'react/jsx-runtime' ||
					request === 'react/jsx-dev-runtime'
				) {
					return false;
				}
				return undefined;
			},
		} ),
		new ChunkManifestPlugin(),
	],
};
