// A maps place onto the checkout's fields: the street line as each country's post writes it, the
// province as the shop's own code, never a code the checkout would refuse.
import { describe, expect, it } from 'vitest';
import countries from '../../../fixtures/countries.json';
import { provinceCode, secondaryText, streetLine, toCheckoutAddress } from './address';
import type { MapsPlace } from './provider';

const place = (parts: Partial<MapsPlace>): MapsPlace => ({
  placeId: 'p',
  countryCode: 'US',
  streetNumber: '',
  route: '',
  subpremise: '',
  locality: '',
  adminArea: { short: '', long: '' },
  postalCode: '',
  ...parts,
});
const provincesOf = (code: string) => countries.find((c) => c.code === code)!.provinces;

describe('the street line', () => {
  it('puts the number where the country’s post does', () => {
    expect(streetLine(place({ countryCode: 'US', streetNumber: '350', route: '5th Avenue' }))).toBe('350 5th Avenue');
    expect(streetLine(place({ countryCode: 'FR', streetNumber: '12', route: 'Rue Oberkampf' }))).toBe('12 Rue Oberkampf');
    expect(streetLine(place({ countryCode: 'DE', streetNumber: '8', route: 'Marienplatz' }))).toBe('Marienplatz 8');
    expect(streetLine(place({ countryCode: 'NL', streetNumber: '263', route: 'Prinsengracht' }))).toBe('Prinsengracht 263');
    expect(streetLine(place({ countryCode: 'ES', streetNumber: '7', route: 'Puerta del Sol' }))).toBe('Puerta del Sol, 7');
  });

  it('is the street or square alone when the place has no number', () => {
    expect(streetLine(place({ countryCode: 'FR', route: 'Place de la Bourse' }))).toBe('Place de la Bourse');
  });
});

describe('the province', () => {
  it('is the shop’s code: a state’s short form, or the name of a numbered prefecture', () => {
    expect(provinceCode(place({ adminArea: { short: 'CA', long: 'California' } }), provincesOf('US'))).toBe('CA');
    expect(provinceCode(place({ countryCode: 'CA', adminArea: { short: 'QC', long: 'Québec' } }), provincesOf('CA'))).toBe('QC');
    const tokyo = provincesOf('JP').find((p) => /tokyo/i.test(p.name));
    expect(provinceCode(place({ countryCode: 'JP', adminArea: { short: 'Tokyo', long: tokyo!.name } }), provincesOf('JP'))).toBe(
      tokyo!.code,
    );
  });

  it('is empty for the shopper to choose when nothing matches, and for a country without provinces', () => {
    expect(provinceCode(place({ adminArea: { short: 'XX', long: 'Atlantis' } }), provincesOf('US'))).toBe('');
    expect(provinceCode(place({ countryCode: 'DE', adminArea: { short: 'BY', long: 'Bayern' } }), provincesOf('DE'))).toBe('');
  });
});

describe('the checkout’s fields', () => {
  it('are filled from every part of the place', () => {
    expect(
      toCheckoutAddress(
        place({
          placeId: 'x',
          streetNumber: '1100',
          route: 'Congress Avenue',
          subpremise: 'Suite 200',
          locality: 'Austin',
          adminArea: { short: 'TX', long: 'Texas' },
          postalCode: '78701',
        }),
        provincesOf('US'),
      ),
    ).toEqual({
      placeId: 'x',
      address1: '1100 Congress Avenue',
      address2: 'Suite 200',
      city: 'Austin',
      province: 'TX',
      zip: '78701',
      country: 'US',
    });
  });

  it('tell places apart in the list with their town, postcode and country in the shopper’s language', () => {
    const austin = place({ locality: 'Austin', adminArea: { short: 'TX', long: 'Texas' }, postalCode: '78701' });
    expect(secondaryText(austin, 'en')).toBe('Austin, TX 78701, United States');
    expect(secondaryText(austin, 'de')).toBe('Austin, TX 78701, Vereinigte Staaten');
    expect(secondaryText(place({ countryCode: 'GB', locality: 'London', postalCode: 'SW1A 2AA' }), 'en')).toBe(
      'London SW1A 2AA, United Kingdom',
    );
  });
});
