import type { Ref } from 'react'

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
