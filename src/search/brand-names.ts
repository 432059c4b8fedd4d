// Brands as people say them (issue 57): a brand the companies' records do not carry as a name, yet
// which means their products, because the makers print it on them. Reviewed, each with its evidence;
// read by the search only (the maker dictionary), so the products and their companies stay as the
// lists and src/company-resolution/ make them. A company is named by id; an id the index does not
// hold is left out, so an entry can never reach another company.

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
];
