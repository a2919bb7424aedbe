/**
 * One message carried across a screen change (a new item's editor reopens at its own address
 * after the first save and should still say "Saved").
 */
let pending: string | undefined;

export function setFlash(message: string): void {
  pending = message;
}

export function takeFlash(): string | undefined {
  const message = pending;
  pending = undefined;
  return message;
}
