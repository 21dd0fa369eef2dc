/**
 * The team island (lazy chunk `island-team`): team list, user progress, notifications page and
 * the share-invite page.
 */

export { TeamList } from './team-list';
export { UserProgress } from './user-progress';
export { Notifications } from './notifications-page';
export { ShareInvite } from './share-invite';
