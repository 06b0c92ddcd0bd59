/** A stored phone number as people read it, and as a tel: link. */
/** 77011112233 → +7 701 111 22 33 (anything else as it came). */
export function displayPhone(phone: string): string {
  const d = phone.replace(/\D/g, '');
  return d.length === 11 ? `+${d[0]} ${d.slice(1, 4)} ${d.slice(4, 7)} ${d.slice(7, 9)} ${d.slice(9)}` : phone;
}

export function PhoneLink({ phone }: { phone: string }) {
  return <a href={`tel:+${phone.replace(/\D/g, '')}`}>{displayPhone(phone)}</a>;
}
