/**
 * The detail island (lazy chunk `island-detail`): item detail with its tabs. The player is its
 * own lazy chunk (`player`), loaded by the Training Details tab.
 */
export { ItemDetail } from './item-detail';
