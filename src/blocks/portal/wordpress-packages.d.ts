// The few editor APIs the portal block uses. WordPress provides them as scripts (wp.blocks,
// wp.blockEditor, wp.components); the build only references them (dependency extraction), so
// their npm packages are not installed and these declarations type what the block calls.

declare module '@wordpress/blocks' {
	import type { ComponentType } from 'react';
	export function registerBlockType(
		name: string,
		settings: { edit: ComponentType; save: () => null }
	): unknown;
}

declare module '@wordpress/block-editor' {
	export function useBlockProps(): Record< string, unknown >;
}

declare module '@wordpress/components' {
	import type { ComponentType } from 'react';
	export const Placeholder: ComponentType< {
		icon?: string;
		label?: string;
		instructions?: string;
	} >;
}
