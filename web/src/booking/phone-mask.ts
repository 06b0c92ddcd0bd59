/**
 * The +7 mask of the phone field: the user types the 10 digits after +7 (a
 * pasted +7..., 8... or 7... number loses its prefix), shown as
 * "+7 (701) 234-56-78".
 */
export function localDigits(typed: string): string {
  let digits = typed.replace(/\D/g, '');
  if (digits.length === 11 && (digits.startsWith('7') || digits.startsWith('8'))) digits = digits.slice(1);
  else if (typed.trimStart().startsWith('+7')) digits = digits.slice(1);
  return digits.slice(0, 10);
}

export function maskPhone(digits: string): string {
  if (digits.length === 0) return '';
  const parts = [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6, 8), digits.slice(8, 10)];
  let text = `+7 (${parts[0]}`;
  if (digits.length >= 3) text += ')';
  if (parts[1]) text += ` ${parts[1]}`;
  if (parts[2]) text += `-${parts[2]}`;
  if (parts[3]) text += `-${parts[3]}`;
  return text;
}
