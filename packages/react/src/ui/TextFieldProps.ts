import type { InputHTMLAttributes, Ref } from 'react'

/** What the modal's typed fields (`EmailInput`, `PhoneInput`) take besides their value and labels. */
export type TextFieldProps = {
  placeholder?: string | undefined
  readOnly?: boolean | undefined
  /** Marks the field invalid (`aria-invalid`, the row's error colour). */
  invalid?: boolean | undefined
  /** Ids of the elements describing the field (an error message, a 'Recent' chip). */
  describedBy?: string | undefined
  inputRef?: Ref<HTMLInputElement> | undefined
}

/**
 * The `<input>` attributes that {@link TextFieldProps} set, the same in every typed field: its ref,
 * placeholder, read-only state, `aria-invalid` and `aria-describedby`.
 *
 * @example
 * <input {...textFieldAttributes(props)} type="email" value={props.value} onChange={…} />
 */
export function textFieldAttributes(
  props: TextFieldProps,
): InputHTMLAttributes<HTMLInputElement> & { ref: Ref<HTMLInputElement> | undefined } {
  return {
    ref: props.inputRef,
    placeholder: props.placeholder,
    readOnly: props.readOnly,
    'aria-invalid': props.invalid || undefined,
    'aria-describedby': props.describedBy,
  }
}
