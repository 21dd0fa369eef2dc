/**
 * Matchers added by @wordpress/jest-console (part of the WordPress Jest preset): a test fails on
 * an unexpected console call unless it asserts it.
 */
declare namespace jest {
	interface Matchers< R > {
		toHaveErrored: () => R;
		toHaveErroredWith: ( ...args: unknown[] ) => R;
		toHaveWarned: () => R;
		toHaveWarnedWith: ( ...args: unknown[] ) => R;
		toHaveLogged: () => R;
		toHaveInformed: () => R;
	}
}
