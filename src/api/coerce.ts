/**
 * Small readers for reply bodies: a missing or mistyped field becomes a safe empty value.
 */

export type Raw = Record< string, unknown >;

export const isRecord = ( value: unknown ): value is Raw =>
	typeof value === 'object' && value !== null;

export const str = ( value: unknown ): string =>
	typeof value === 'string' ? value : '';

export const num = ( value: unknown ): number => {
	const parsed = typeof value === 'string' ? Number( value ) : value;
	return typeof parsed === 'number' && Number.isFinite( parsed ) ? parsed : 0;
};

export const bool = ( value: unknown ): boolean =>
	value === true || value === 1 || value === '1' || value === 'true';

export const list = ( value: unknown ): Raw[] =>
	Array.isArray( value ) ? ( value as unknown[] ).filter( isRecord ) : [];

export const record = ( value: unknown ): Raw =>
	isRecord( value ) ? value : {};

/**
 * One of the allowed values, else the fallback: an unknown decision is never trusted.
 *
 * @param allowed  The known values.
 * @param value    The raw value.
 * @param fallback What an unknown value becomes.
 */
export const oneOf = < T extends string >(
	allowed: readonly T[],
	value: unknown,
	fallback: T
): T =>
	typeof value === 'string' &&
	( allowed as readonly string[] ).includes( value )
		? ( value as T )
		: fallback;
