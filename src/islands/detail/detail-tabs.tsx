/**
 * The detail's tabs (WAI-ARIA tabs pattern): a tablist, roving tabindex, Left/Right/Home/End
 * move between tabs and select them; each tab controls its panel.
 */

/**
 * External dependencies
 */
import type { KeyboardEvent, ReactNode } from 'react';

/**
 * WordPress dependencies
 */
import { useRef } from '@wordpress/element';
import { __ } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import type { DetailTab } from '../../domain/detail';

export interface TabDefinition {
	id: DetailTab;
	label: string;
	panel: ReactNode;
}

export interface DetailTabsProps {
	tabs: TabDefinition[];
	selected: DetailTab;
	onSelect: ( tab: DetailTab ) => void;
}

export function DetailTabs( { tabs, selected, onSelect }: DetailTabsProps ) {
	const refs = useRef<
		Partial< Record< DetailTab, HTMLButtonElement | null > >
	>( {} );

	const move = ( event: KeyboardEvent< HTMLButtonElement > ) => {
		const position = tabs.findIndex( ( tab ) => tab.id === selected );
		let next = -1;
		if ( event.key === 'ArrowRight' ) {
			next = ( position + 1 ) % tabs.length;
		} else if ( event.key === 'ArrowLeft' ) {
			next = ( position - 1 + tabs.length ) % tabs.length;
		} else if ( event.key === 'Home' ) {
			next = 0;
		} else if ( event.key === 'End' ) {
			next = tabs.length - 1;
		}
		const tab = tabs[ next ];
		if ( tab ) {
			event.preventDefault();
			onSelect( tab.id );
			refs.current[ tab.id ]?.focus();
		}
	};

	return (
		<div className="lp-tabs">
			<div
				className="lp-tabs__list"
				role="tablist"
				aria-label={ __( 'Item details', 'library-portal' ) }
			>
				{ tabs.map( ( tab ) => (
					<button
						key={ tab.id }
						ref={ ( node ) => {
							refs.current[ tab.id ] = node;
						} }
						type="button"
						role="tab"
						id={ `lp-tab-${ tab.id }` }
						className="lp-tabs__tab"
						aria-selected={ tab.id === selected }
						aria-controls={ `lp-panel-${ tab.id }` }
						tabIndex={ tab.id === selected ? 0 : -1 }
						onClick={ () => onSelect( tab.id ) }
						onKeyDown={ move }
					>
						{ tab.label }
					</button>
				) ) }
			</div>
			{ tabs.map( ( tab ) => (
				<div
					key={ tab.id }
					role="tabpanel"
					id={ `lp-panel-${ tab.id }` }
					aria-labelledby={ `lp-tab-${ tab.id }` }
					className="lp-tabs__panel"
					hidden={ tab.id !== selected }
					// The panel itself is reachable when it starts with text only.
					tabIndex={ 0 }
				>
					{ tab.id === selected ? tab.panel : null }
				</div>
			) ) }
		</div>
	);
}
