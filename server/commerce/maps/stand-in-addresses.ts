// The addresses the local stand-in knows: public places (town halls, museums, landmarks) of several of the
// shop's countries (fixtures/countries.json), with their real street, postcode and state, so a demo and the
// tests type a real street and get a real address. Each row: id, country, street number, route,
// subpremise, locality, state code, state name, postcode.
import type { MapsPlace } from './provider';

type Row = [string, string, string, string, string, string, string, string, string];

const ROWS: Row[] = [
  // France
  ['fr-tour-eiffel', 'FR', '5', 'Avenue Anatole France', '', 'Paris', '', 'Île-de-France', '75007'],
  ['fr-orsay', 'FR', '1', "Rue de la Légion d'Honneur", '', 'Paris', '', 'Île-de-France', '75007'],
  ['fr-rivoli', 'FR', '99', 'Rue de Rivoli', '', 'Paris', '', 'Île-de-France', '75001'],
  ['fr-oberkampf', 'FR', '12', 'Rue Oberkampf', '', 'Paris', '', 'Île-de-France', '75011'],
  ['fr-paix', 'FR', '10', 'Rue de la Paix', '', 'Paris', '', 'Île-de-France', '75002'],
  ['fr-lyon-comedie', 'FR', '1', 'Place de la Comédie', '', 'Lyon', '', 'Auvergne-Rhône-Alpes', '69001'],
  ['fr-marseille-port', 'FR', '2', 'Quai du Port', '', 'Marseille', '', "Provence-Alpes-Côte d'Azur", '13002'],
  ['fr-bordeaux-bourse', 'FR', '', 'Place de la Bourse', '', 'Bordeaux', '', 'Nouvelle-Aquitaine', '33000'],
  ['fr-toulouse-capitole', 'FR', '', 'Place du Capitole', '', 'Toulouse', '', 'Occitanie', '31000'],
  ['fr-nice-hotel-de-ville', 'FR', '5', "Rue de l'Hôtel de Ville", '', 'Nice', '', "Provence-Alpes-Côte d'Azur", '06000'],
  // Germany
  ['de-reichstag', 'DE', '1', 'Platz der Republik', '', 'Berlin', 'BE', 'Berlin', '11011'],
  ['de-unter-den-linden', 'DE', '77', 'Unter den Linden', '', 'Berlin', 'BE', 'Berlin', '10117'],
  ['de-alexanderplatz', 'DE', '1', 'Alexanderplatz', '', 'Berlin', 'BE', 'Berlin', '10178'],
  ['de-kurfuerstendamm', 'DE', '21', 'Kurfürstendamm', '', 'Berlin', 'BE', 'Berlin', '10719'],
  ['de-friedrichstrasse', 'DE', '43', 'Friedrichstraße', '', 'Berlin', 'BE', 'Berlin', '10117'],
  ['de-marienplatz', 'DE', '8', 'Marienplatz', '', 'München', 'BY', 'Bayern', '80331'],
  ['de-domkloster', 'DE', '4', 'Domkloster', '', 'Köln', 'NW', 'Nordrhein-Westfalen', '50667'],
  ['de-rathausmarkt', 'DE', '1', 'Rathausmarkt', '', 'Hamburg', 'HH', 'Hamburg', '20095'],
  ['de-roemerberg', 'DE', '23', 'Römerberg', '', 'Frankfurt am Main', 'HE', 'Hessen', '60311'],
  ['de-stuttgart-marktplatz', 'DE', '1', 'Marktplatz', '', 'Stuttgart', 'BW', 'Baden-Württemberg', '70173'],
  // United Kingdom
  ['gb-downing-street', 'GB', '10', 'Downing Street', '', 'London', 'England', 'England', 'SW1A 2AA'],
  ['gb-buckingham-palace', 'GB', '', 'Buckingham Palace', '', 'London', 'England', 'England', 'SW1A 1AA'],
  ['gb-baker-street', 'GB', '221B', 'Baker Street', '', 'London', 'England', 'England', 'NW1 6XE'],
  ['gb-british-museum', 'GB', '', 'Great Russell Street', '', 'London', 'England', 'England', 'WC1B 3DG'],
  ['gb-st-mary-axe', 'GB', '30', 'St Mary Axe', '', 'London', 'England', 'England', 'EC3A 8BF'],
  ['gb-princes-street', 'GB', '1', 'Princes Street', '', 'Edinburgh', 'Scotland', 'Scotland', 'EH2 2EQ'],
  ['gb-albert-square', 'GB', '', 'Albert Square', '', 'Manchester', 'England', 'England', 'M2 5DB'],
  ['gb-mathew-street', 'GB', '10', 'Mathew Street', '', 'Liverpool', 'England', 'England', 'L2 6RE'],
  ['gb-victoria-square', 'GB', '', 'Victoria Square', '', 'Birmingham', 'England', 'England', 'B1 1BB'],
  // United States
  ['us-white-house', 'US', '1600', 'Pennsylvania Avenue NW', '', 'Washington', 'DC', 'District of Columbia', '20500'],
  ['us-empire-state', 'US', '350', '5th Avenue', '', 'New York', 'NY', 'New York', '10118'],
  ['us-infinite-loop', 'US', '1', 'Infinite Loop', '', 'Cupertino', 'CA', 'California', '95014'],
  ['us-amphitheatre', 'US', '1600', 'Amphitheatre Parkway', '', 'Mountain View', 'CA', 'California', '94043'],
  ['us-wacker', 'US', '233', 'South Wacker Drive', '', 'Chicago', 'IL', 'Illinois', '60606'],
  ['us-space-needle', 'US', '400', 'Broad Street', '', 'Seattle', 'WA', 'Washington', '98109'],
  ['us-hollywood', 'US', '6925', 'Hollywood Boulevard', '', 'Los Angeles', 'CA', 'California', '90028'],
  ['us-sf-city-hall', 'US', '1', 'Dr Carlton B Goodlett Place', '', 'San Francisco', 'CA', 'California', '94102'],
  ['us-texas-capitol', 'US', '1100', 'Congress Avenue', '', 'Austin', 'TX', 'Texas', '78701'],
  ['us-faneuil-hall', 'US', '4', 'South Market Street', '', 'Boston', 'MA', 'Massachusetts', '02109'],
  ['us-santa-monica-pier', 'US', '200', 'Santa Monica Pier', '', 'Santa Monica', 'CA', 'California', '90401'],
  // Netherlands
  ['nl-rijksmuseum', 'NL', '1', 'Museumstraat', '', 'Amsterdam', 'NH', 'Noord-Holland', '1071 XX'],
  ['nl-anne-frank', 'NL', '263', 'Prinsengracht', '', 'Amsterdam', 'NH', 'Noord-Holland', '1016 GV'],
  ['nl-van-gogh', 'NL', '6', 'Museumplein', '', 'Amsterdam', 'NH', 'Noord-Holland', '1071 DJ'],
  ['nl-rotterdam-coolsingel', 'NL', '40', 'Coolsingel', '', 'Rotterdam', 'ZH', 'Zuid-Holland', '3011 AD'],
  ['nl-utrecht-domplein', 'NL', '21', 'Domplein', '', 'Utrecht', 'UT', 'Utrecht', '3512 JE'],
  ['nl-den-haag-spui', 'NL', '70', 'Spui', '', 'Den Haag', 'ZH', 'Zuid-Holland', '2511 BT'],
  // Belgium, Spain, Italy
  ['be-grand-place', 'BE', '1', 'Grand-Place', '', 'Bruxelles', 'BRU', 'Bruxelles-Capitale', '1000'],
  ['es-puerta-del-sol', 'ES', '7', 'Puerta del Sol', '', 'Madrid', 'MD', 'Comunidad de Madrid', '28013'],
  ['es-sagrada-familia', 'ES', '401', 'Carrer de Mallorca', '', 'Barcelona', 'CT', 'Cataluña', '08013'],
  ['it-colosseo', 'IT', '1', 'Piazza del Colosseo', '', 'Roma', '62', 'Lazio', '00184'],
  ['it-duomo-milano', 'IT', '', 'Piazza del Duomo', '', 'Milano', '25', 'Lombardia', '20122'],
  // Canada and Australia (both have provinces or states the checkout asks for)
  ['ca-parliament', 'CA', '111', 'Wellington Street', '', 'Ottawa', 'ON', 'Ontario', 'K1A 0A9'],
  ['ca-cn-tower', 'CA', '290', 'Bremner Boulevard', '', 'Toronto', 'ON', 'Ontario', 'M5V 3L9'],
  ['ca-chateau-frontenac', 'CA', '1', 'Rue des Carrières', '', 'Québec', 'QC', 'Québec', 'G1R 4P5'],
  ['au-opera-house', 'AU', '', 'Bennelong Point', '', 'Sydney', 'NSW', 'New South Wales', '2000'],
  ['au-federation-square', 'AU', '2', 'Swanston Street', '', 'Melbourne', 'VIC', 'Victoria', '3000'],
];

/** The stand-in's places, each with its id (`local:` and the row's name). */
export const STAND_IN_PLACES: readonly MapsPlace[] = ROWS.map(
  ([id, countryCode, streetNumber, route, subpremise, locality, short, long, postalCode]) => ({
    placeId: `local:${id}`,
    countryCode,
    streetNumber,
    route,
    subpremise,
    locality,
    adminArea: { short, long },
    postalCode,
  }),
);
