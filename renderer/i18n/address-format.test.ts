import { describe, expect, it } from 'vitest';
import { postalLines } from './address-format';

const person = { firstName: 'Alex', lastName: 'Doe', address2: '' };

describe('postal lines in each country’s own format', () => {
  it('United States: city, state ZIP on one line', () => {
    expect(
      postalLines(
        { ...person, country: 'US', address1: '742 Evergreen Terrace', city: 'Springfield', province: 'IL', zip: '62701' },
        'en',
      ),
    ).toEqual(['Alex Doe', '742 Evergreen Terrace', 'Springfield, IL 62701']);
  });

  it('Germany: postcode before the town, no state', () => {
    expect(
      postalLines({ ...person, country: 'DE', address1: 'Unter den Linden 1', city: 'Berlin', province: '', zip: '10117' }, 'de'),
    ).toEqual(['Alex Doe', 'Unter den Linden 1', '10117 Berlin']);
  });

  it('United Kingdom: town and postcode each on a line of their own', () => {
    expect(
      postalLines({ ...person, country: 'GB', address1: '1 Dorset Street', city: 'London', province: '', zip: 'W1U 4EG' }, 'en'),
    ).toEqual(['Alex Doe', '1 Dorset Street', 'London', 'W1U 4EG']);
  });

  it('France: postcode then town, and the flat on its own line', () => {
    expect(
      postalLines(
        {
          ...person,
          country: 'FR',
          address1: '8 rue de Rivoli',
          address2: 'Bâtiment B',
          city: 'Paris',
          province: '',
          zip: '75004',
        },
        'fr',
      ),
    ).toEqual(['Alex Doe', '8 rue de Rivoli', 'Bâtiment B', '75004 Paris']);
  });

  it('Greece: postcode then town', () => {
    expect(
      postalLines({ ...person, country: 'GR', address1: 'Ερμού 10', city: 'Αθήνα', province: '', zip: '105 63' }, 'el'),
    ).toEqual(['Alex Doe', 'Ερμού 10', '105 63 Αθήνα']);
  });

  it('Canada: city, province and postal code; an empty province leaves no stray comma', () => {
    expect(
      postalLines({ ...person, country: 'CA', address1: '1 Yonge St', city: 'Toronto', province: 'ON', zip: 'M5E 1E5' }, 'en'),
    ).toEqual(['Alex Doe', '1 Yonge St', 'Toronto ON M5E 1E5']);
    expect(
      postalLines({ ...person, country: 'US', address1: '1 Main St', city: 'Springfield', province: '', zip: '62701' }, 'en'),
    ).toContain('Springfield 62701');
  });
});
