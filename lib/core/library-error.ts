/**
 * Base of this library's errors, kept out of `lib/index.ts`: jsii cannot
 * describe a class that extends `Error`, so other languages recognise the
 * errors through `Errors` (`lib/core/errors.ts`) instead.
 */
export abstract class LibraryError extends Error {
  /**
   * @param brand the `Symbol.for` key `Errors` recognises this kind of error by
   * @param name the error's `name`, shown before its message
   * @param message the error's message
   */
  protected constructor(brand: symbol, name: string, message: string) {
    super(message);
    this.name = name;
    // A brand instead of instanceof: two copies of this library in one app
    // (a nested install) still recognise each other's errors.
    Object.defineProperty(this, brand, { value: true });
  }
}
