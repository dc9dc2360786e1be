/**
 * A number of days as the setup forms take it (a loan plan's duration, a repayment
 * cycle's length): whole, from 1 to `max`, typed rather than stepped; what is out of range
 * stays as typed, for the form's check to name.
 */
import { NumberInput, type NumberInputProps } from '@mantine/core';

export function DaysInput({ max, ...props }: NumberInputProps & { max: number }) {
  return (
    <NumberInput
      min={1}
      max={max}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="none"
      hideControls
      withAsterisk
      size="md"
      {...props}
    />
  );
}
