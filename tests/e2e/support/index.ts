/**
 * Helpers of the end-to-end tests.
 */
export { ARTIFACTS_DIR, BasePage } from './base-page';
export { budgetForPages, PAGE_BUDGET_MS } from './budget';
export { LibraryPage } from './library-page';
export { fillLoginForm, logIn, logOut } from './login';
export { credentials, readLogins, type Login } from './logins';
export {
	askRoutesForFirstData,
	islandReplacedFirstScreen,
	libraryItems,
	portalConfig,
	portalGet,
	withoutPrintedReplies,
} from './portal';
export { E2E_SITE, wpPhp } from './site';
export {
	afterFrames,
	axeViolations,
	checkScreens,
	layoutShift,
	MAX_LAYOUT_SHIFT,
	settle,
	watchLayoutShift,
	WCAG_TAGS,
} from './experience';
export {
	DEMO_ANSWERS,
	DetailPage,
	itemIdByTitle,
	pdfText,
	QuizPage,
	type VideoState,
} from './learning';
