/** Demo blog posts (markdown) for the local stack; see scripts/generate-content-seed.ts. */
export interface SeedPost {
  slug: string;
  title: string;
  excerpt: string;
  tags: string[];
  status: "draft" | "scheduled" | "published";
  /** Days before the seed ran (negative = in the future); null = no date. */
  publishedDaysAgo: number | null;
  author: "admin@demo.test" | "staff@demo.test";
  authorName: string;
  seoDescription?: string;
  content: string;
}

export const POSTS: SeedPost[] = [
  {
    slug: "buying-land-in-ghana-checks-before-you-pay",
    title: "Buying land in Ghana: 7 checks before you pay a pesewa",
    excerpt:
      "Land disputes are the most expensive mistake a buyer can make. Here is the checklist our agents run on every plot.",
    tags: ["land", "buying", "legal"],
    status: "published",
    publishedDaysAgo: 2,
    author: "admin@demo.test",
    authorName: "Kwame Mensah",
    content: `Land is where most Ghanaian property fortunes start — and where most disputes start too. Before any money changes hands, we run these checks on every plot we sell.

## 1. Search at the Lands Commission

Ask for an **official search** on the site plan. It tells you whether the land is registered, who the registered owner is, and whether there are caveats or competing applications. Budget one to three weeks.

## 2. Know who can sell

Much land in Ghana is **stool, skin or family land**. Only the right customary authority (or a lessee with a valid lease) can grant an interest. The Land Act, 2020 (Act 1036) requires a written, signed and registered instrument for every grant.

## 3. Walk the boundaries

Visit with a licensed surveyor. Pillars should match the site plan coordinates; check that no one is farming or building on part of the plot.

## 4. Check the zoning

The Municipal Assembly's planning office confirms that the plot is zoned for what you want to build — and whether a road reservation cuts through it.

## 5. Talk to the neighbours

They know who has been claiming the land, and whether "land guards" have been seen.

## 6. Pay into escrow, not cash

Under the Real Estate Agency Act, 2020 (Act 1047) **cash payments are not allowed** in real estate transactions. Pay by bank transfer or mobile money into an account named in the sale agreement.

## 7. Register promptly

Stamp the indenture at the Ghana Revenue Authority and register it at the Lands Commission. An unregistered interest is weaker against a later registered buyer.

> Want us to run these checks for you? [Book a consultation](/consultation) with our legal and title support team.
`,
  },
  {
    slug: "rent-advance-in-ghana-what-the-law-says",
    title: "Rent advance in Ghana: what the law says and what landlords ask",
    excerpt:
      "Two years upfront is common in Accra, but the Rent Act says six months. How to negotiate without losing the flat.",
    tags: ["renting", "legal", "tenants"],
    status: "published",
    publishedDaysAgo: 6,
    author: "staff@demo.test",
    authorName: "Ama Owusu",
    content: `If you have looked for a flat in Accra you have heard it: *"Two years advance."* It is common — and it is more than the law allows.

## The six-month rule

Section 25 of the **Rent Act, 1963 (Act 220)** makes it an offence for a landlord to demand more than **six months' advance** for a monthly tenancy. The Rent Control Department handles complaints.

## Why landlords still ask for more

- Building costs are financed upfront, often in dollars.
- Rent is a hedge against cedi depreciation.
- Enforcement is rare, and tenants compete for good units.

## How to negotiate

1. **Offer six months plus a deposit** held against damage.
2. **Offer standing orders** or mobile money payments on a fixed date.
3. **Ask for a discount** if you do pay a year: 5–10 % is reasonable.
4. **Get a written tenancy agreement** that states the amount paid and the period covered.

## Paying safely

Never pay cash. Pay by transfer or MoMo to the landlord or the licensed agent's client account and keep the receipt.

Looking for a place? Tell us what you need with a [property request](/property-request-form).
`,
  },
  {
    slug: "vat-on-real-estate-in-ghana-2026",
    title: "VAT on real estate in 2026: what changed under Act 1151",
    excerpt:
      "From 1 January 2026 the effective rate on agency fees is 20 %, the COVID-19 levy is gone and developers pay a 5 % flat rate.",
    tags: ["tax", "vat", "investors"],
    status: "published",
    publishedDaysAgo: 12,
    author: "admin@demo.test",
    authorName: "Kwame Mensah",
    seoDescription:
      "The VAT Act 2025 (Act 1151) from 1 January 2026: 15 % VAT, 2.5 % NHIL and 2.5 % GETFund on one base, 5 % flat rate for developers, residential exemptions.",
    content: `The **Value Added Tax Act, 2025 (Act 1151)** took effect on 1 January 2026. For property buyers, tenants and agents, four changes matter.

## 1. One base, 20 % in total

VAT (15 %), NHIL (2.5 %) and the GETFund levy (2.5 %) are now charged **on the same base**, for an effective **20 %** on standard-rated supplies.

## 2. The COVID-19 levy is abolished

The 1 % levy no longer applies from 2026 invoices onwards.

## 3. Developers pay a flat 5 %

Sales by real estate developers and **commercial rent** are charged at a 5 % flat rate.

## 4. Homes from non-developers stay exempt

Residential dwellings sold or let by individuals who are not developers remain exempt.

| Supply | Treatment |
| --- | --- |
| Agency fee | standard-rated, 20 % |
| New home from a developer | 5 % flat rate |
| Resale of a home by an individual | exempt |
| Office rent | 5 % flat rate |

Our invoices show each levy on its own line. Questions? [Contact us](/contact).
`,
  },
  {
    slug: "east-legon-vs-cantonments-where-to-live",
    title: "East Legon or Cantonments? Choosing a neighbourhood in Accra",
    excerpt:
      "Traffic, schools, prices and nightlife: a side-by-side look at Accra's two most asked-about neighbourhoods.",
    tags: ["neighbourhoods", "accra", "guides"],
    status: "published",
    publishedDaysAgo: 18,
    author: "staff@demo.test",
    authorName: "Ama Owusu",
    content: `Most of our relocating clients shortlist the same two areas. Here is how they compare.

## East Legon

- **Feel:** suburban, family homes on walled plots, lots of new builds.
- **Prices:** 4-bedroom houses from about USD 350,000; rents from USD 2,500 a month.
- **Schools:** close to several international schools and the University of Ghana.
- **Watch out for:** traffic on the Spintex and Airport bypass roads at peak hours; flooding on some low-lying streets.

## Cantonments

- **Feel:** green and central, embassies and diplomatic residences, more apartments.
- **Prices:** apartments from USD 2,000 a month; houses rarely under USD 1 million.
- **Schools:** near the Ghana International School and Lincoln Community School.
- **Watch out for:** limited stock — good units go fast.

## Our rule of thumb

If you commute to **Airport City** or the **Ridge** ministries and want an apartment, Cantonments wins. If you want a garden and space for a family, look at **East Legon** and **Trasacco Valley**.

Browse [current listings](/properties) or [book a viewing](/consultation).
`,
  },
  {
    slug: "buying-property-in-ghana-from-abroad",
    title: "Buying property in Ghana from abroad: a guide for the diaspora",
    excerpt:
      "Power of attorney, escrow, title checks and building supervision — how to buy at home without being there.",
    tags: ["diaspora", "buying", "guides"],
    status: "published",
    publishedDaysAgo: 25,
    author: "admin@demo.test",
    authorName: "Kwame Mensah",
    content: `Every week we hear from Ghanaians in London, Toronto and Houston who have lost money to a relative or an unlicensed "agent". It does not have to be that way.

## Use a licensed agent

The **Real Estate Agency Act, 2020 (Act 1047)** requires agents to be licensed by the Real Estate Agency Council. Ask for the REAC licence number and check it.

## Give a limited power of attorney

If you cannot travel, give a **specific** power of attorney — for one property, one transaction — to a lawyer, not to a general relative.

## Insist on video viewings and documents

We send live video viewings, the site plan, the Lands Commission search and the draft agreement *before* you pay anything.

## Pay through traceable channels

Bank transfers to a client account, never cash. Keep every receipt.

## Off-plan? Stage your payments

Pay against construction milestones certified by an independent quantity surveyor.

Ready to start? [Send us your brief](/property-request-form) and we will reply within one working day.
`,
  },
  {
    slug: "real-estate-agency-act-1047-what-it-means-for-you",
    title: "The Real Estate Agency Act (Act 1047): what it means for buyers and tenants",
    excerpt:
      "Licensed agents, no cash, written agreements and capped commissions — the law that is cleaning up Ghana's property market.",
    tags: ["legal", "agents"],
    status: "published",
    publishedDaysAgo: 33,
    author: "staff@demo.test",
    authorName: "Ama Owusu",
    content: `Ghana's **Real Estate Agency Act, 2020 (Act 1047)** created the Real Estate Agency Council and set rules for everyone who brokers a sale or a let.

## What agents must do

- Hold a **licence** from the Council and display the licence number.
- Keep clients' money in a separate account.
- Put the agency agreement in writing.

## What the law bans

- **Cash** payments in real estate transactions.
- Acting for both sides without written consent.
- Advertising property without the owner's authority.

## What it means for you

Ask for the licence number, pay only by bank or mobile money, and get a receipt for every payment. If something goes wrong, the Council takes complaints.

Our licence number is shown in the footer of every page.
`,
  },
  {
    slug: "kumasi-property-market-2026",
    title: "Kumasi property market 2026: where the value is",
    excerpt:
      "Ahodwo and Nhyiaeso hold their value, Santasi and Kwadaso are growing, and rents for quality flats are rising.",
    tags: ["kumasi", "market", "investors"],
    status: "published",
    publishedDaysAgo: 40,
    author: "admin@demo.test",
    authorName: "Kwame Mensah",
    content: `Kumasi is Ghana's second city and, for many investors, its best-value market.

## Prime: Ahodwo, Nhyiaeso, Danyame

Family houses trade between **GHS 1.8 million and GHS 3.5 million**. Stock is limited and well maintained; expect modest but steady growth.

## Growth: Santasi, Kwadaso, Atasemanso

New estates and good road links. Registered plots sell for **GHS 150,000–250,000**.

## Rentals

Furnished three-bedroom flats for NGO and mining staff let at **GHS 6,000–9,000 a month**.

## Land tenure

Most Kumasi land is stool land under the Asantehene. Indentures are issued through the lands secretariat — a title search is essential.

See our [Kumasi listings](/properties).
`,
  },
  {
    slug: "how-property-valuation-works-in-ghana",
    title: "How a property valuation works in Ghana",
    excerpt:
      "What a valuer looks at, how long it takes, and why your bank's figure may differ from the asking price.",
    tags: ["valuation", "selling", "finance"],
    status: "published",
    publishedDaysAgo: 55,
    author: "staff@demo.test",
    authorName: "Ama Owusu",
    content: `Banks, courts and buyers all ask for a valuation by a **chartered valuer** (GhIS member). Here is what happens.

## The inspection

The valuer measures the buildings, checks the construction and the condition, and notes services: water, power backup, access road.

## The method

- **Comparison:** recent sales of similar homes nearby.
- **Cost:** land value plus the depreciated cost of building.
- **Income:** for rented property, the rent capitalised at a market yield.

## The report

Expect **5–10 working days**. It states the market value and often a forced-sale value for lenders.

## Why figures differ

Asking prices include hope; valuations rely on evidence. Dollar-priced listings are also converted at the day's rate.

Need a valuation? See our [valuation service](/services/property-valuation).
`,
  },
  {
    slug: "takoradi-rentals-oil-and-gas",
    title: "Renting in Takoradi: a guide for oil and gas families",
    excerpt:
      "Anaji, Windy Ridge and Beach Road — where expatriate and local oil and gas staff live, and what they pay.",
    tags: ["takoradi", "renting", "neighbourhoods"],
    status: "published",
    publishedDaysAgo: 70,
    author: "admin@demo.test",
    authorName: "Kwame Mensah",
    content: `Since first oil in 2010, Sekondi-Takoradi has had its own rental market.

## Where people live

- **Anaji:** family houses near the international schools.
- **Windy Ridge:** quieter, cooler, larger plots.
- **Beach Road:** apartments with sea views, popular for short lets.

## What it costs

Three-bedroom houses rent for **GHS 6,000–10,000 a month**; serviced two-bedroom apartments for **USD 1,500–2,500**.

## Tips

Budget for power backup and water storage, and check the drive to the port at rush hour.

Browse [Takoradi listings](/properties).
`,
  },
  {
    slug: "market-report-q4-2026-draft",
    title: "Market report Q4 2026 (draft)",
    excerpt: "Draft — not public yet.",
    tags: ["market"],
    status: "draft",
    publishedDaysAgo: null,
    author: "staff@demo.test",
    authorName: "Ama Owusu",
    content: "Work in progress.",
  },
  {
    slug: "2027-outlook-scheduled",
    title: "Ghana property outlook 2027",
    excerpt: "Scheduled for January.",
    tags: ["market"],
    status: "scheduled",
    publishedDaysAgo: -40,
    author: "admin@demo.test",
    authorName: "Kwame Mensah",
    content: "Our outlook for 2027 — publishing in January.",
  },
];
