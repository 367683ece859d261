// A schema shaped for json-schema-to-typescript: the same settings schemas as the page schema, but
// with blocks as a union discriminated by `type`, so the generated types narrow on `block.type`.
import { isContainer, settingsDefName, settingsRequired, type BlockSchemaFile } from './compose-page-schema';

const pascal = (type: string) => type.replace(/(^|-)([a-z0-9])/g, (_, _d, c: string) => c.toUpperCase());

/** Removes what only ajv reads (custom error messages) so it does not leak into the types. */
function forTypes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(forTypes);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'errorMessage' || key === 'oneOf' || key === 'dependentRequired') continue;
      out[key] = forTypes(inner);
    }
    return out;
  }
  return value;
}

export function typesSchema(pageSchema: Record<string, any>, blocks: BlockSchemaFile[]): Record<string, unknown> {
  const defs: Record<string, unknown> = {};
  const locales = pageSchema.$defs.localizedText.anyOf[1].propertyNames.enum as string[];
  defs.LocalizedText = {
    title: 'LocalizedText',
    description: pageSchema.$defs.localizedText.description,
    anyOf: [
      { type: 'string' },
      {
        type: 'object',
        properties: Object.fromEntries(locales.map((l) => [l, { type: 'string' }])),
        additionalProperties: false,
      },
    ],
  };
  const variants = blocks.map((b) => {
    const name = `${pascal(b.type)}Block`;
    const settingsName = settingsDefName(b.type);
    const required = ['id', 'type'];
    if (settingsRequired(b)) required.push('settings');
    defs[settingsName] = { ...(forTypes(pageSchema.$defs[settingsName]) as object), title: `${pascal(b.type)}Settings` };
    defs[name] = {
      title: name,
      type: 'object',
      required,
      additionalProperties: false,
      properties: {
        id: { type: 'string' },
        type: { const: b.type },
        hidden: { type: 'boolean' },
        settings: { $ref: `#/$defs/${settingsName}` },
        ...(isContainer(b) ? { blocks: { type: 'array', items: { $ref: '#/$defs/Block' } } } : {}),
      },
    };
    return { $ref: `#/$defs/${name}` };
  });
  defs.Block = { title: 'Block', oneOf: variants };
  // A $ref with a sibling description would become a new numbered type each time; name the type instead.
  const relocalize = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(relocalize);
    if (value && typeof value === 'object') {
      const { $ref, ...rest } = value as Record<string, unknown>;
      if ($ref === '#/$defs/localizedText') return { ...rest, tsType: 'LocalizedText' };
      // A link is text to TypeScript; the pattern is the validator's.
      if ($ref === '#/$defs/shopLink') return { ...rest, type: 'string' };
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, relocalize(v)]));
    }
    return value;
  };
  return relocalize({
    title: 'Page',
    type: 'object',
    required: ['handle', 'kind', 'blocks'],
    additionalProperties: false,
    properties: {
      ...(forTypes(pageSchema.properties) as object),
      blocks: { type: 'array', items: { $ref: '#/$defs/Block' } },
    },
    $defs: defs,
  }) as Record<string, unknown>;
}
