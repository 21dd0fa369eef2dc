/**
 * The library island (lazy chunk `island-library`): the dashboard and the library list.
 */
export { Dashboard } from './dashboard';
export { LibraryList } from './library-list';
