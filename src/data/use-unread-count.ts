/**
 * The bell's count: unread, visible notifications on the first page (GET notifications/). Not
 * loaded on contract pages; failures show 0, as the spec's silent fallback says.
 */

/**
 * Internal dependencies
 */
import { fetchUnreadCount } from '../api/notifications';
import { useResource, type Resource } from './use-resource';

export function useUnreadCount( enabled: boolean ): Resource< number > {
	return useResource( fetchUnreadCount, 0, enabled );
}
