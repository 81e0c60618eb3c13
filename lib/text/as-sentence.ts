/** A domain message ("to must not be before from") as a sentence for a form: capital first letter, closing full stop. */
export function asSentence(message: string): string {
  return message.charAt(0).toUpperCase() + message.slice(1) + (/[.!?]$/.test(message) ? "" : ".");
}
