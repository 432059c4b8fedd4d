// Brands as people say them (issue 57): a brand the companies' records do not carry as a name, yet
// which means their products, because the makers print it on them. Reviewed, each with its evidence;
// read by the search only (the maker dictionary), so the products and their companies stay as the
// lists and src/company-resolution/ make them. A company is named by id; an id the index does not
// hold is left out, so an entry can never reach another company. The entries grow from the brand scan
// of `npm run relevance` (bench/relevance/brands.ts): every brand the people's checks type, printed in
// the models or maker names of a company it does not reach, is an entry here or a reviewed "not the
// brand" there.

export interface BrandName {
  /** As people type it ("Astronergy"), compared by its letters and digits only. */
  readonly brand: string;
  /** The companies whose products carry it. */
  readonly companies: readonly string[];
  readonly evidence: string;
}

export const BRAND_NAMES: readonly BrandName[] = [
  {
    brand: 'Astronergy',
    companies: ['astronergy-solarmodule', 'chint-new-energy-technology', 'chint-solar-zhejiang'],
    evidence:
      "Astronergy is the module brand of Chint's solar arm: Chint Solar (Zhejiang) Co., Ltd. and its successor Chint New " +
      'Energy Technology Co., Ltd. list their Astronergy modules in the CEC lists under their own names with the CHSM model ' +
      'prefix (CHSM72M-HC-520, CHSM5001T-105; the datasheets print "ASTRONERGY" over the same designations), and Astronergy ' +
      "Solarmodule GmbH was the group's German module factory (ASM6612P).",
  },
  {
    brand: 'MEMC',
    companies: ['memc-singapore', 'sunedison'],
    evidence:
      'MEMC Electronic Materials renamed itself SunEdison in 2013; the CEC list carries its modules under both names, and ' +
      "SunEdison's keep the MEMC model prefix (MEMC-F255KzC-2y). Found by the brand scan (bench/relevance/brands.ts).",
  },
  {
    brand: 'REFUsol',
    companies: ['refusol', 'refu-elektronik'],
    evidence:
      "REFUsol is REFU Elektronik GmbH's inverter brand (later its own company, REFUsol GmbH); the CEC list has REFU " +
      "Elektronik's units named REFUsol 24K-UL. Found by the brand scan (bench/relevance/brands.ts).",
  },
  {
    brand: 'alpha innotec',
    companies: ['ait-deutschland'],
    evidence:
      "alpha innotec is ait-deutschland GmbH's heat pump brand; the BAFA/Keymark lists carry its units under ait-deutschland " +
      'with the brand in the model (alpha innotec L12 Split-HT 12). Found by the brand scan (bench/relevance/brands.ts).',
  },
  {
    brand: 'Phoenixtec',
    companies: ['phoenixtec', 'eaton-phoenixtec-mmpl'],
    evidence:
      'Eaton bought Phoenixtec Power Co. in 2008; the CEC list carries the same inverter family under Phoenixtec and under ' +
      '"Eaton Phoenixtec MMPL Co., Ltd.", which prints the brand inside its name. Found by the brand scan: "Phoenixtec" ' +
      'was read as the first company only.',
  },
  {
    brand: 'LG',
    companies: ['lg', 'lg-electronics', 'lg-chem', 'lg-energy-solution'],
    evidence:
      "LG's home batteries are LG Chem's RESU, made since 2020 by LG Energy Solution, LG Chem's battery spin-off; the lists " +
      'name both companies, and people ask for "LG battery". Found by the brand scan: "LG" was read as LG and LG ' +
      'Electronics only.',
  },
  {
    brand: 'SunLink',
    companies: ['jiangsu-sunlink-pv-technology', 'zhangjiagang-city-sunlink-pv'],
    evidence:
      'Jiangsu SunLink PV Technology Co., Ltd. is in Zhangjiagang; the CEC list also names its modules "Zhangjiagang City ' +
      'Sunlink PV", a name whose "City" is not read as part of the place. Found by the brand scan.',
  },
];
