/**
 * A labelled search box (the list's, the team list's and the progress table's).
 */

export interface SearchFieldProps {
	id: string;
	label: string;
	placeholder: string;
	value: string;
	onChange: ( value: string ) => void;
}

export function SearchField( {
	id,
	label,
	placeholder,
	value,
	onChange,
}: SearchFieldProps ) {
	return (
		<div className="lp-field lp-field--search">
			<label className="lp-field__label" htmlFor={ id }>
				{ label }
			</label>
			<input
				id={ id }
				className="lp-input"
				type="search"
				value={ value }
				placeholder={ placeholder }
				onChange={ ( event ) => onChange( event.target.value ) }
			/>
		</div>
	);
}
