/** "tel:+351211234567" for "+351 21 123 4567": the number's digits and a leading +, for a link a phone can dial. */
export function telHref(phone: string): string {
  return `tel:${phone.trim().startsWith("+") ? "+" : ""}${phone.replace(/\D/g, "")}`;
}
