/** A value as JSON safe inside a <script> element: no `</script>` or `<!--` can end or bend it. */
export const scriptJson = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');
