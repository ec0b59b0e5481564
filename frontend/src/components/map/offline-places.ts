/**
 * Place names for the map without a token: the largest US cities, and the towns around the
 * demo fleet (San Francisco Bay and Los Angeles), as [name, longitude, latitude, rank]. Rank 1
 * shows from zoom 3, rank 2 from zoom 5, rank 3 from zoom 7, rank 4 from zoom 9.
 */
export type Place = [name: string, lng: number, lat: number, rank: 1 | 2 | 3 | 4];

export const PLACES: Place[] = [
  ['New York', -74.006, 40.7128, 1], ['Los Angeles', -118.2437, 34.0522, 1], ['Chicago', -87.6298, 41.8781, 1],
  ['Houston', -95.3698, 29.7604, 1], ['Phoenix', -112.074, 33.4484, 1], ['Philadelphia', -75.1652, 39.9526, 1],
  ['San Antonio', -98.4936, 29.4241, 2], ['San Diego', -117.1611, 32.7157, 1], ['Dallas', -96.797, 32.7767, 1],
  ['San Jose', -121.8863, 37.3382, 1], ['Austin', -97.7431, 30.2672, 2], ['Jacksonville', -81.6557, 30.3322, 2],
  ['San Francisco', -122.4194, 37.7749, 1], ['Columbus', -82.9988, 39.9612, 2], ['Indianapolis', -86.1581, 39.7684, 2],
  ['Seattle', -122.3321, 47.6062, 1], ['Denver', -104.9903, 39.7392, 1], ['Washington', -77.0369, 38.9072, 1],
  ['Boston', -71.0589, 42.3601, 1], ['Nashville', -86.7816, 36.1627, 2], ['Detroit', -83.0458, 42.3314, 2],
  ['Portland', -122.6765, 45.5231, 2], ['Las Vegas', -115.1398, 36.1699, 2], ['Memphis', -90.049, 35.1495, 2],
  ['Louisville', -85.7585, 38.2527, 2], ['Baltimore', -76.6122, 39.2904, 2], ['Milwaukee', -87.9065, 43.0389, 2],
  ['Albuquerque', -106.6504, 35.0844, 2], ['Tucson', -110.9747, 32.2226, 2], ['Fresno', -119.7871, 36.7378, 2],
  ['Sacramento', -121.4944, 38.5816, 2], ['Kansas City', -94.5786, 39.0997, 2], ['Atlanta', -84.388, 33.749, 1],
  ['Miami', -80.1918, 25.7617, 1], ['Minneapolis', -93.265, 44.9778, 1], ['New Orleans', -90.0715, 29.9511, 2],
  ['Salt Lake City', -111.891, 40.7608, 2], ['St. Louis', -90.1994, 38.627, 2], ['Pittsburgh', -79.9959, 40.4406, 2],
  ['Cleveland', -81.6944, 41.4993, 2], ['Tampa', -82.4572, 27.9506, 2], ['Orlando', -81.3792, 28.5383, 2],
  ['Charlotte', -80.8431, 35.2271, 2], ['Oklahoma City', -97.5164, 35.4676, 2], ['Omaha', -95.9345, 41.2565, 2],
  ['Boise', -116.2023, 43.615, 2], ['Reno', -119.8138, 39.5296, 2], ['Anchorage', -149.9003, 61.2181, 2],
  ['Honolulu', -157.8583, 21.3069, 2], ['Buffalo', -78.8784, 42.8864, 2], ['Raleigh', -78.6382, 35.7796, 2],
  // California
  ['Oakland', -122.2711, 37.8044, 2], ['Long Beach', -118.1937, 33.7701, 3], ['Bakersfield', -119.0187, 35.3733, 3],
  ['Anaheim', -117.9145, 33.8366, 3], ['Santa Ana', -117.8678, 33.7455, 3], ['Riverside', -117.3961, 33.9533, 3],
  ['Stockton', -121.2908, 37.9577, 3], ['Irvine', -117.8265, 33.6846, 3], ['Santa Barbara', -119.6982, 34.4208, 3],
  ['Modesto', -120.9969, 37.6391, 3], ['Santa Cruz', -122.0308, 36.9741, 3], ['Monterey', -121.8947, 36.6002, 3],
  ['Santa Rosa', -122.7141, 38.4404, 3], ['Pasadena', -118.1445, 34.1478, 3], ['Palm Springs', -116.5453, 33.8303, 3],
  // Around the bay
  ['Fremont', -121.9886, 37.5485, 3], ['Hayward', -122.0808, 37.6688, 3], ['Berkeley', -122.2727, 37.8716, 3],
  ['Palo Alto', -122.143, 37.4419, 3], ['Sunnyvale', -122.0363, 37.3688, 3], ['Santa Clara', -121.9552, 37.3541, 4],
  ['Mountain View', -122.0839, 37.3861, 4], ['Milpitas', -121.8996, 37.4323, 4], ['Newark', -122.0402, 37.5297, 4],
  ['Union City', -122.0438, 37.5934, 4], ['San Mateo', -122.3255, 37.563, 3], ['Redwood City', -122.2364, 37.4852, 4],
  ['Walnut Creek', -122.0652, 37.9101, 3], ['Concord', -122.0311, 37.978, 4], ['Pleasanton', -121.8747, 37.6624, 4],
  ['Livermore', -121.768, 37.6819, 4], ['Dublin', -121.9358, 37.7022, 4], ['San Leandro', -122.1561, 37.7249, 4],
  ['Richmond', -122.3477, 37.9358, 4], ['Daly City', -122.4702, 37.6879, 4], ['Cupertino', -122.0322, 37.323, 4],
  ['Menlo Park', -122.1817, 37.453, 4], ['Castro Valley', -122.0864, 37.6941, 4], ['Sausalito', -122.4853, 37.8591, 4],
  ['San Rafael', -122.5311, 37.9735, 4], ['Vallejo', -122.2566, 38.1041, 4],
  // Around Los Angeles
  ['Santa Monica', -118.4912, 34.0195, 4], ['Burbank', -118.309, 34.1808, 4], ['Glendale', -118.2551, 34.1425, 4],
  ['Torrance', -118.3406, 33.8358, 4], ['Inglewood', -118.3531, 33.9617, 4], ['Culver City', -118.3965, 34.0211, 4],
  ['Beverly Hills', -118.4004, 34.0736, 4], ['Malibu', -118.7798, 34.0259, 4], ['Pomona', -117.7499, 34.0551, 4],
];
