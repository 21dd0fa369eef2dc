/**
 * Mutation testing (StrykerJS over the Jest suite): `npm run test:mutation`. Not part of
 * `npm test` or CI: it runs the covering Jest tests once per mutant, which takes minutes.
 * Scope: the progress reporting (src/api/progress*.ts and the player's tracker) and the pure
 * rules in src/domain. The report goes to artifacts/mutation/ (index.html, mutation.json).
 * The progress files are held at >= 90 % (docs/rules/learning-and-progress.md, "Watching: progress, activation, subtitles, media").
 */
export default {
	testRunner: 'jest',
	jest: {
		projectType: 'custom',
		configFile: 'jest.config.js',
		// The unit tests of what is mutated: the screens' tests wait for lazy chunks with
		// Testing Library's 1 s limit, which instrumented code on a busy machine overruns.
		config: {
			testMatch: [
				'<rootDir>/src/api/test/**/*.test.ts',
				'<rootDir>/src/islands/player/test/**/*.test.ts?(x)',
				'<rootDir>/src/domain/test/**/*.test.ts',
			],
		},
		enableFindRelatedTests: true,
	},
	mutate: [
		'src/api/progress.ts',
		'src/api/progress-queue.ts',
		'src/islands/player/progress-tracker.ts',
		'src/domain/**/*.ts',
		'!src/domain/**/test/**',
	],
	// Only what Jest needs goes into the sandbox (src/ and the error code list in includes/).
	ignorePatterns: [
		'/var',
		'/vendor',
		'/build',
		'/artifacts',
		'/tests',
		'/dev',
		'/bin',
		'/languages',
		'/assets',
		'/docs',
		'/tools',
	],
	coverageAnalysis: 'perTest',
	reporters: [ 'clear-text', 'progress', 'html', 'json' ],
	htmlReporter: { fileName: 'artifacts/mutation/index.html' },
	jsonReporter: { fileName: 'artifacts/mutation/mutation.json' },
	tempDirName: 'var/stryker-tmp',
	cleanTempDir: 'always',
	concurrency: 2,
	thresholds: { high: 90, low: 80, break: null },
};
