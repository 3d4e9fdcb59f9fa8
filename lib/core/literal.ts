import { literalToken, literalValueOf } from './literal-text';
import { describeValue } from './received-value';
import { ValidationError } from './validation-error';

/**
 * Literal text: a string that Terraform reads exactly as written.
 *
 * Terraform reads every string of a configuration as a template, and so do
 * these constructs: `${…}` is an interpolation and `%{…}` a directive, as
 * everywhere in cdktf. Wrap a string with `Literal.text` when it must reach
 * Terraform as the characters it holds (text read from a service, a file, or
 * any text that may contain `${`, `%{` or cdktf's token markers). The
 * constructs validate the text itself; the synthesized JSON and HCL write it
 * with Terraform's escapes (`$${`, `%%{`). The readers and
 * `NodeList.propsFromKubectlJson` wrap the strings they read this way.
 *
 * @example
 * new AuthenticationProfile(stack, 'Profile', {
 *   authenticationProfileName: 'analysts',
 *   authenticationProfileContent: { Greeting: Literal.text('Hello ${user}') },
 * });
 */
export class Literal {
  /**
   * `text` as a string that Terraform reads literally.
   *
   * @param text the exact characters Terraform should read, taken as text even where they spell a cdktf token (a `ValidationError` for anything but a string)
   * @returns a token that the constructs check as `text` and synthesize as the template Terraform reads as `text`
   */
  public static text(text: string): string {
    if (typeof text !== 'string') throw new ValidationError('Literal.text', [{ path: 'text', received: describeValue(text), allowed: 'a string' }]);
    // Always text, even text that spells a cdktf token: live text may (a token's
    // encoding cannot be told from text that looks like it).
    return literalToken(text);
  }

  /**
   * The characters a string made of `Literal.text` strings stands for.
   *
   * @param value any string
   * @returns the literal text (of `Literal.text` strings joined with plain text that holds no template sequence), or undefined for any other string (plain text stands for itself)
   */
  public static textOf(value: string): string | undefined {
    return literalValueOf(value);
  }

  private constructor() {}
}
