/**
 * Runs a check with the plugin's strings translated, as a reader of another language sees them:
 * the translations are loaded for the plugin's own text domain only, so a string asked for in any
 * other domain stays in English.
 */

/**
 * WordPress dependencies
 */
import { resetLocaleData, setLocaleData } from '@wordpress/i18n';

/**
 * @param translations English text → its translation.
 * @param check        What is read while the translations are loaded.
 */
export function inTranslation< T >(
	translations: Record< string, string >,
	check: () => T
): T {
	setLocaleData(
		Object.fromEntries(
			Object.entries( translations ).map( ( [ english, translated ] ) => [
				english,
				[ translated ],
			] )
		),
		'library-portal'
	);
	try {
		return check();
	} finally {
		resetLocaleData( undefined, 'library-portal' );
	}
}
