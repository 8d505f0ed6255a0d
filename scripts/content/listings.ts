/**
 * Demo listings for the local stack (supabase/seeds/30-content.sql is generated from this file by
 * scripts/generate-content-seed.ts; the images by scripts/generate-property-images.ts).
 * Neighbourhoods, prices and features follow the Ghanaian market (USD pricing is common at the top end).
 */
import type { Currency, ListingType, PropertyStatus, PropertyType, RentPeriod } from "#core/schemas/content.ts";

export interface SeedListing {
  slug: string;
  title: string;
  type: PropertyType;
  listing: ListingType;
  status: PropertyStatus;
  price: number;
  currency: Currency;
  rentPeriod?: RentPeriod;
  rentAdvanceMonths?: number;
  bedrooms?: number;
  bathrooms?: number;
  floorArea?: number;
  landSize?: number;
  plots?: number;
  tenure?: "freehold" | "leasehold";
  leaseYears?: number;
  titleType?: string;
  furnishing?: "unfurnished" | "semi_furnished" | "furnished";
  gated?: boolean;
  serviced?: boolean;
  boysQuarters?: boolean;
  address: string;
  gps: string;
  neighbourhood: string;
  city: "Accra" | "Tema" | "Kumasi" | "Takoradi";
  region: "Greater Accra" | "Ashanti" | "Western";
  lat: number;
  lng: number;
  features: string[];
  featured?: boolean;
  /** Days before the seed ran; null = unpublished draft. */
  publishedDaysAgo: number | null;
  agent: "admin@demo.test" | "staff@demo.test";
  description: string;
}

export const LISTINGS: SeedListing[] = [
  {
    slug: "4-bedroom-house-east-legon-american-house",
    title: "4-bedroom house with pool near American House, East Legon",
    type: "house", listing: "sale", status: "available", price: 450000, currency: "USD",
    bedrooms: 4, bathrooms: 5, floorArea: 380, landSize: 740, tenure: "leasehold", leaseYears: 87, titleType: "Land Title Certificate",
    furnishing: "unfurnished", gated: true, boysQuarters: true,
    address: "Mensah Wood Street, East Legon", gps: "GA-416-2231", neighbourhood: "East Legon", city: "Accra", region: "Greater Accra",
    lat: 5.6371, lng: -0.1612, featured: true, publishedDaysAgo: 3, agent: "admin@demo.test",
    features: ["Swimming pool", "Boys' quarters", "Standby generator", "Polytank and borehole", "Fitted kitchen", "CCTV", "Parking for 4 cars"],
    description:
      "A detached two-storey family home on a quiet tarred street a short walk from American House junction. Open-plan living and dining open onto a tiled terrace and pool; all four bedrooms are en suite with built-in wardrobes.\n\nThe plot is walled and gated with an electric fence, a two-room boys' quarters, a 20 kVA standby generator and a borehole feeding two 2,500-litre polytanks. Registered Land Title Certificate with 87 years remaining on the lease.",
  },
  {
    slug: "3-bedroom-apartment-cantonments-for-rent",
    title: "Furnished 3-bedroom apartment for rent, Cantonments",
    type: "apartment", listing: "rent", status: "available", price: 3500, currency: "USD", rentPeriod: "month", rentAdvanceMonths: 6,
    bedrooms: 3, bathrooms: 3, floorArea: 190, furnishing: "furnished", gated: true, serviced: true,
    address: "Switchback Road, Cantonments", gps: "GA-039-5512", neighbourhood: "Cantonments", city: "Accra", region: "Greater Accra",
    lat: 5.5783, lng: -0.1724, featured: true, publishedDaysAgo: 5, agent: "staff@demo.test",
    features: ["24-hour security", "Gym", "Swimming pool", "Backup power", "Lift", "Air conditioning", "Fibre internet"],
    description:
      "Fully furnished third-floor apartment in a serviced block off Switchback Road, minutes from the embassies and Osu. Three en-suite bedrooms, a guest toilet, a separate laundry and a balcony with a view over the Cantonments canopy.\n\nService charge covers security, cleaning of common areas, pool and gym, generator and water. Six months' advance, in line with the Rent Act.",
  },
  {
    slug: "2-bedroom-apartment-airport-residential",
    title: "2-bedroom apartment in a new block, Airport Residential Area",
    type: "apartment", listing: "sale", status: "available", price: 285000, currency: "USD",
    bedrooms: 2, bathrooms: 2, floorArea: 128, tenure: "leasehold", leaseYears: 95, titleType: "Sub-lease (strata)", furnishing: "semi_furnished", gated: true, serviced: true,
    address: "Senchi Street, Airport Residential Area", gps: "GA-145-8890", neighbourhood: "Airport Residential", city: "Accra", region: "Greater Accra",
    lat: 5.6042, lng: -0.1803, featured: true, publishedDaysAgo: 8, agent: "admin@demo.test",
    features: ["Rooftop pool", "Gym", "Underground parking", "Backup power", "Lift", "Concierge"],
    description:
      "A bright corner unit in a completed 2025 block two streets from the Airport City business district. Open kitchen with quartz tops, two en-suite bedrooms and a long balcony.\n\nIdeal as a home or a rental investment: comparable units let at USD 2,200–2,600 a month. Strata sub-lease with 95 years.",
  },
  {
    slug: "3-bedroom-house-spintex-baatsona",
    title: "3-bedroom house with boys' quarters, Spintex (Baatsona)",
    type: "house", listing: "sale", status: "available", price: 2800000, currency: "GHS",
    bedrooms: 3, bathrooms: 4, floorArea: 220, landSize: 560, tenure: "leasehold", leaseYears: 60, titleType: "Land Title Certificate",
    furnishing: "unfurnished", gated: true, boysQuarters: true,
    address: "Baatsona, off Spintex Road", gps: "GT-024-3319", neighbourhood: "Spintex", city: "Accra", region: "Greater Accra",
    lat: 5.6352, lng: -0.1048, publishedDaysAgo: 11, agent: "staff@demo.test",
    features: ["Boys' quarters", "Borehole", "Solar water heater", "Paved compound", "Prepaid meter"],
    description:
      "A solid single-storey home on a walled plot in Baatsona, close to the Spintex Road shops and schools and 20 minutes from Tema motorway.\n\nThree bedrooms (two en suite), a large hall, a store room and a one-room boys' quarters with its own washroom.",
  },
  {
    slug: "5-bedroom-villa-trasacco-valley",
    title: "5-bedroom villa with cinema room, Trasacco Valley",
    type: "house", listing: "sale", status: "available", price: 1250000, currency: "USD",
    bedrooms: 5, bathrooms: 6, floorArea: 620, landSize: 1400, tenure: "leasehold", leaseYears: 90, titleType: "Land Title Certificate",
    furnishing: "semi_furnished", gated: true, serviced: true, boysQuarters: true,
    address: "Trasacco Valley Estate, East Legon Hills road", gps: "GA-484-0917", neighbourhood: "Trasacco Valley", city: "Accra", region: "Greater Accra",
    lat: 5.6621, lng: -0.1402, featured: true, publishedDaysAgo: 2, agent: "admin@demo.test",
    features: ["Swimming pool", "Cinema room", "Smart home system", "Staff quarters", "Two kitchens", "Landscaped garden", "Estate security"],
    description:
      "A contemporary villa in Accra's most secure gated estate: double-height reception, a cinema room, a show kitchen and a working kitchen, a gym and five en-suite bedrooms.\n\nThe landscaped garden surrounds a 12-metre pool. Estate services include 24-hour armed security, road maintenance and a central water supply.",
  },
  {
    slug: "3-bedroom-townhouse-sakumono-for-rent",
    title: "3-bedroom townhouse for rent, Sakumono Estates",
    type: "townhouse", listing: "rent", status: "available", price: 12000, currency: "GHS", rentPeriod: "month", rentAdvanceMonths: 12,
    bedrooms: 3, bathrooms: 3, floorArea: 170, furnishing: "unfurnished", gated: true,
    address: "Sakumono Estates, near the Beach Drive", gps: "GT-051-7720", neighbourhood: "Sakumono", city: "Tema", region: "Greater Accra",
    lat: 5.6212, lng: -0.0513, publishedDaysAgo: 6, agent: "staff@demo.test",
    features: ["Gated community", "Backup water tank", "Private yard", "Two parking spaces"],
    description:
      "An end-of-terrace townhouse in a small gated community between Sakumono and the beach. Living room and kitchen downstairs, three bedrooms upstairs, a small private yard.\n\nThe landlord asks 12 months in advance; the Rent Act caps advance demands at 6 months, so ask us about negotiating terms.",
  },
  {
    slug: "4-bedroom-house-tema-community-25",
    title: "4-bedroom house in a developed area, Tema Community 25",
    type: "house", listing: "sale", status: "under_offer", price: 1450000, currency: "GHS",
    bedrooms: 4, bathrooms: 4, floorArea: 240, landSize: 600, tenure: "leasehold", leaseYears: 70, titleType: "TDC lease",
    furnishing: "unfurnished", gated: true,
    address: "Devtraco Estates, Community 25", gps: "GT-314-4456", neighbourhood: "Community 25", city: "Tema", region: "Greater Accra",
    lat: 5.7331, lng: -0.0334, publishedDaysAgo: 21, agent: "admin@demo.test",
    features: ["Estate security", "Tarred roads", "Fitted kitchen", "Water storage"],
    description:
      "A detached four-bedroom house on a corner plot in an established estate at Community 25, with easy access to the Tema motorway and the new Accra–Tema expressway.\n\nUnder offer: viewings continue for back-up offers.",
  },
  {
    slug: "2-bedroom-apartment-tema-community-11-for-rent",
    title: "2-bedroom apartment for rent, Tema Community 11",
    type: "apartment", listing: "rent", status: "available", price: 5500, currency: "GHS", rentPeriod: "month", rentAdvanceMonths: 6,
    bedrooms: 2, bathrooms: 2, floorArea: 95, furnishing: "semi_furnished",
    address: "Community 11, near Tema General Hospital", gps: "GT-112-9034", neighbourhood: "Community 11", city: "Tema", region: "Greater Accra",
    lat: 5.6652, lng: -0.0102, publishedDaysAgo: 14, agent: "staff@demo.test",
    features: ["Air conditioning", "Water heater", "Security guard", "Close to the harbour"],
    description:
      "A tidy two-bedroom flat on the first floor of a four-unit block, ten minutes from Tema Harbour — a good fit for port and free-zone staff.\n\nSemi-furnished: air conditioners, kitchen cabinets, wardrobes and water heaters installed.",
  },
  {
    slug: "warehouse-tema-heavy-industrial-area",
    title: "1,800 m² warehouse with loading bays, Tema Heavy Industrial Area",
    type: "warehouse", listing: "rent", status: "available", price: 9000, currency: "USD", rentPeriod: "month", rentAdvanceMonths: 12,
    floorArea: 1800, landSize: 4000, address: "Heavy Industrial Area, Tema", gps: "GT-200-1187", neighbourhood: "Heavy Industrial Area", city: "Tema", region: "Greater Accra",
    lat: 5.6521, lng: -0.0051, publishedDaysAgo: 30, agent: "admin@demo.test",
    features: ["3 loading bays", "8 m eaves height", "Three-phase power", "Office block", "Truck yard", "Fire hydrants"],
    description:
      "A steel-frame warehouse with three dock-level loading bays, an 8-metre eaves height and a two-storey office block, on a 1-acre walled yard with room for 40-foot trucks.\n\nFive minutes from Tema Port's gate; commercial rent (15 % rent tax is withheld by corporate tenants).",
  },
  {
    slug: "4-bedroom-house-kumasi-ahodwo",
    title: "4-bedroom house with garden, Ahodwo, Kumasi",
    type: "house", listing: "sale", status: "available", price: 2200000, currency: "GHS",
    bedrooms: 4, bathrooms: 4, floorArea: 260, landSize: 900, tenure: "leasehold", leaseYears: 50, titleType: "Indenture (Asantehene lands)",
    furnishing: "unfurnished", gated: true, boysQuarters: true,
    address: "Ahodwo Roundabout area, Kumasi", gps: "AK-039-2210", neighbourhood: "Ahodwo", city: "Kumasi", region: "Ashanti",
    lat: 6.6682, lng: -1.6301, featured: true, publishedDaysAgo: 4, agent: "staff@demo.test",
    features: ["Large garden", "Boys' quarters", "Borehole", "Standby generator", "Mature fruit trees"],
    description:
      "A well-kept family house in leafy Ahodwo, close to the Golden Tulip and the Kumasi City Mall. A wide veranda looks over a mature garden with mango and avocado trees.\n\nThe land is held under an indenture from the Asantehene's lands secretariat; we will arrange the title search with you.",
  },
  {
    slug: "3-bedroom-apartment-kumasi-nhyiaeso-for-rent",
    title: "3-bedroom apartment for rent, Nhyiaeso, Kumasi",
    type: "apartment", listing: "rent", status: "available", price: 7000, currency: "GHS", rentPeriod: "month", rentAdvanceMonths: 6,
    bedrooms: 3, bathrooms: 3, floorArea: 150, furnishing: "furnished", gated: true,
    address: "Nhyiaeso, Kumasi", gps: "AK-045-7781", neighbourhood: "Nhyiaeso", city: "Kumasi", region: "Ashanti",
    lat: 6.6751, lng: -1.6372, publishedDaysAgo: 9, agent: "admin@demo.test",
    features: ["Furnished", "Backup power", "Water storage", "Security", "Parking"],
    description:
      "A furnished three-bedroom apartment in a quiet compound in Nhyiaeso, one of Kumasi's most sought-after residential areas, near Prempeh Assembly Hall and the Ridge.\n\nIdeal for NGO staff and families relocating to Kumasi.",
  },
  {
    slug: "land-2-plots-kumasi-santasi",
    title: "2 plots of registered land, Santasi, Kumasi",
    type: "land", listing: "sale", status: "available", price: 380000, currency: "GHS",
    landSize: 1300, plots: 2, tenure: "leasehold", leaseYears: 99, titleType: "Land Title Certificate",
    address: "Santasi, off the Bekwai road", gps: "AK-112-6650", neighbourhood: "Santasi", city: "Kumasi", region: "Ashanti",
    lat: 6.6623, lng: -1.6502, publishedDaysAgo: 17, agent: "staff@demo.test",
    features: ["Registered title", "Walled", "Electricity on site", "Access road"],
    description:
      "Two adjoining plots (70 × 100 ft each) in a built-up part of Santasi, walled on three sides with a registered title and a fresh site plan.\n\nSuitable for a family house or a block of flats.",
  },
  {
    slug: "office-space-kumasi-asokwa",
    title: "Open-plan office floor, Asokwa, Kumasi",
    type: "office", listing: "rent", status: "available", price: 2500, currency: "USD", rentPeriod: "month", rentAdvanceMonths: 12,
    floorArea: 320, address: "Asokwa, Kumasi", gps: "AK-156-3302", neighbourhood: "Asokwa", city: "Kumasi", region: "Ashanti",
    lat: 6.6601, lng: -1.6003, publishedDaysAgo: 25, agent: "admin@demo.test",
    features: ["Open plan", "Air conditioning", "Backup power", "Fibre internet", "Parking for 12 cars"],
    description:
      "A 320 m² open-plan office floor with two meeting rooms and a kitchenette, in a modern block on the Asokwa commercial strip.\n\nCommercial rent; VAT (flat rate) and rent tax apply.",
  },
  {
    slug: "5-bedroom-house-kumasi-danyame-sold",
    title: "5-bedroom house, Danyame, Kumasi",
    type: "house", listing: "sale", status: "sold", price: 3100000, currency: "GHS",
    bedrooms: 5, bathrooms: 5, floorArea: 340, landSize: 1000, tenure: "leasehold", leaseYears: 45, titleType: "Land Title Certificate",
    gated: true, boysQuarters: true,
    address: "Danyame, Kumasi", gps: "AK-048-1123", neighbourhood: "Danyame", city: "Kumasi", region: "Ashanti",
    lat: 6.6821, lng: -1.6332, publishedDaysAgo: 60, agent: "staff@demo.test",
    features: ["Boys' quarters", "Borehole", "Generator house"],
    description: "A large family home in Danyame, sold in October. Looking for something similar? Send us a property request.",
  },
  {
    slug: "3-bedroom-house-takoradi-anaji-for-rent",
    title: "3-bedroom house for rent, Anaji, Takoradi",
    type: "house", listing: "rent", status: "available", price: 8000, currency: "GHS", rentPeriod: "month", rentAdvanceMonths: 12,
    bedrooms: 3, bathrooms: 3, floorArea: 200, landSize: 600, furnishing: "unfurnished", gated: true,
    address: "Anaji Estates, Takoradi", gps: "WS-061-2290", neighbourhood: "Anaji", city: "Takoradi", region: "Western",
    lat: 4.9262, lng: -1.7761, featured: true, publishedDaysAgo: 7, agent: "admin@demo.test",
    features: ["Walled and gated", "Water storage", "Garage", "Close to schools"],
    description:
      "A detached house in Anaji, Takoradi's favourite neighbourhood for oil and gas families, close to the international schools and the mall.\n\nThree en-suite bedrooms, a family room and a covered garage.",
  },
  {
    slug: "2-bedroom-apartment-takoradi-beach-road",
    title: "Sea-view 2-bedroom apartment, Beach Road, Takoradi",
    type: "apartment", listing: "sale", status: "available", price: 180000, currency: "USD",
    bedrooms: 2, bathrooms: 2, floorArea: 110, tenure: "leasehold", leaseYears: 80, titleType: "Sub-lease (strata)", furnishing: "furnished", gated: true, serviced: true,
    address: "Beach Road, Takoradi", gps: "WS-001-5567", neighbourhood: "Beach Road", city: "Takoradi", region: "Western",
    lat: 4.8972, lng: -1.7551, publishedDaysAgo: 12, agent: "staff@demo.test",
    features: ["Sea view", "Swimming pool", "Backup power", "Furnished", "Short-let friendly"],
    description:
      "A furnished apartment with a balcony facing the Gulf of Guinea, in a serviced block on Beach Road. Strong short-let demand from offshore crews.\n\nStrata sub-lease with 80 years.",
  },
  {
    slug: "land-half-acre-takoradi-windy-ridge",
    title: "Half-acre residential plot, Windy Ridge, Takoradi",
    type: "land", listing: "sale", status: "available", price: 95000, currency: "USD",
    landSize: 2020, plots: 3, tenure: "leasehold", leaseYears: 99, titleType: "Indenture",
    address: "Windy Ridge Extension, Takoradi", gps: "WS-077-0034", neighbourhood: "Windy Ridge", city: "Takoradi", region: "Western",
    lat: 4.9121, lng: -1.7702, publishedDaysAgo: 19, agent: "admin@demo.test",
    features: ["Corner plot", "Gentle slope", "Sea breeze", "Electricity nearby"],
    description:
      "A corner half-acre on the ridge with a steady sea breeze, in a quiet extension of Windy Ridge. Indenture and site plan available; title registration in progress with the Lands Commission.",
  },
  {
    slug: "office-suite-takoradi-airport-ridge",
    title: "Office suite near the airport, Airport Ridge, Takoradi",
    type: "office", listing: "rent", status: "let", price: 1800, currency: "USD", rentPeriod: "month", rentAdvanceMonths: 12,
    floorArea: 160, address: "Airport Ridge, Takoradi", gps: "WS-023-4408", neighbourhood: "Airport Ridge", city: "Takoradi", region: "Western",
    lat: 4.9003, lng: -1.7703, publishedDaysAgo: 45, agent: "staff@demo.test",
    features: ["Reception", "Three private offices", "Generator", "Parking"],
    description: "A compact office suite with a reception, three private offices and a meeting room. Let in November.",
  },
  {
    slug: "shop-osu-oxford-street-for-rent",
    title: "Ground-floor shop on Oxford Street, Osu",
    type: "shop", listing: "rent", status: "available", price: 15000, currency: "GHS", rentPeriod: "month", rentAdvanceMonths: 12,
    floorArea: 85, address: "Oxford Street, Osu", gps: "GA-028-1190", neighbourhood: "Osu", city: "Accra", region: "Greater Accra",
    lat: 5.5562, lng: -0.1821, publishedDaysAgo: 10, agent: "staff@demo.test",
    features: ["Street frontage", "Glass shopfront", "Storage room", "High foot traffic"],
    description:
      "An 85 m² ground-floor shop with a glass front on the busiest stretch of Oxford Street, with a storage room and a washroom. Suits fashion, a café or a pharmacy.",
  },
  {
    slug: "office-airport-city-grade-a",
    title: "Grade-A office floor, Airport City",
    type: "office", listing: "rent", status: "coming_soon", price: 14000, currency: "USD", rentPeriod: "month", rentAdvanceMonths: 12,
    floorArea: 560, address: "Liberation Road, Airport City", gps: "GA-184-2001", neighbourhood: "Airport City", city: "Accra", region: "Greater Accra",
    lat: 5.6051, lng: -0.1752, publishedDaysAgo: 1, agent: "admin@demo.test",
    features: ["Grade-A", "Raised floors", "Backup power", "Basement parking", "LEED design"],
    description: "A full 560 m² floor in a new Grade-A tower on Liberation Road, available from February 2027. Register your interest for early viewings.",
  },
  {
    slug: "4-bedroom-townhouse-labone",
    title: "4-bedroom townhouse, Labone",
    type: "townhouse", listing: "sale", status: "available", price: 520000, currency: "USD",
    bedrooms: 4, bathrooms: 5, floorArea: 290, tenure: "leasehold", leaseYears: 75, titleType: "Land Title Certificate", furnishing: "semi_furnished", gated: true, serviced: true,
    address: "Labone Crescent, Labone", gps: "GA-047-3325", neighbourhood: "Labone", city: "Accra", region: "Greater Accra",
    lat: 5.5651, lng: -0.1682, publishedDaysAgo: 15, agent: "admin@demo.test",
    features: ["Private terrace", "Shared pool", "Backup power", "Boys' quarters", "Two parking spaces"],
    description: "One of six townhouses in a boutique gated development in Labone, within walking distance of Labone Senior High and the Osu shops.",
  },
  {
    slug: "3-bedroom-house-dzorwulu",
    title: "3-bedroom bungalow on a large plot, Dzorwulu",
    type: "house", listing: "sale", status: "reserved", price: 390000, currency: "USD",
    bedrooms: 3, bathrooms: 3, floorArea: 210, landSize: 1200, tenure: "leasehold", leaseYears: 40, titleType: "Land Title Certificate", gated: true, boysQuarters: true,
    address: "Dzorwulu, near the Fiesta Royale", gps: "GA-111-5580", neighbourhood: "Dzorwulu", city: "Accra", region: "Greater Accra",
    lat: 5.6102, lng: -0.2001, publishedDaysAgo: 28, agent: "staff@demo.test",
    features: ["Large plot", "Mature garden", "Boys' quarters", "Redevelopment potential"],
    description: "A 1970s bungalow on a generous plot in Dzorwulu — live in it or redevelop into townhouses (subject to permits). Reserved pending a deposit.",
  },
  {
    slug: "1-bedroom-apartment-roman-ridge-for-rent",
    title: "Serviced 1-bedroom apartment for rent, Roman Ridge",
    type: "apartment", listing: "rent", status: "available", price: 1600, currency: "USD", rentPeriod: "month", rentAdvanceMonths: 6,
    bedrooms: 1, bathrooms: 1, floorArea: 70, furnishing: "furnished", gated: true, serviced: true,
    address: "Roman Ridge, near the Kanda highway", gps: "GA-078-2299", neighbourhood: "Roman Ridge", city: "Accra", region: "Greater Accra",
    lat: 5.6003, lng: -0.1951, publishedDaysAgo: 4, agent: "admin@demo.test",
    features: ["Furnished", "Weekly cleaning", "Gym", "Backup power", "Fibre internet"],
    description: "A furnished one-bedroom apartment with weekly cleaning, in a small serviced block. Utilities included except electricity.",
  },
  {
    slug: "land-1-plot-oyarifa",
    title: "1 plot of land with title, Oyarifa",
    type: "land", listing: "sale", status: "available", price: 280000, currency: "GHS",
    landSize: 650, plots: 1, tenure: "leasehold", leaseYears: 99, titleType: "Land Title Certificate",
    address: "Oyarifa, off the Adenta–Aburi road", gps: "GE-249-7731", neighbourhood: "Oyarifa", city: "Accra", region: "Greater Accra",
    lat: 5.7502, lng: -0.1601, publishedDaysAgo: 13, agent: "staff@demo.test",
    features: ["Registered title", "Cool climate", "Growing area", "Road access"],
    description: "A 70 × 100 ft plot in a fast-growing part of Oyarifa, with a registered Land Title Certificate — no family or stool disputes on record.",
  },
  {
    slug: "4-bedroom-house-adjiringanor-let",
    title: "4-bedroom house, Adjiringanor",
    type: "house", listing: "rent", status: "let", price: 2500, currency: "USD", rentPeriod: "month", rentAdvanceMonths: 12,
    bedrooms: 4, bathrooms: 4, floorArea: 260, landSize: 700, furnishing: "unfurnished", gated: true,
    address: "Adjiringanor, East Legon extension", gps: "GA-493-1180", neighbourhood: "Adjiringanor", city: "Accra", region: "Greater Accra",
    lat: 5.6503, lng: -0.1302, publishedDaysAgo: 50, agent: "admin@demo.test",
    features: ["Gated", "Boys' quarters", "Water storage"],
    description: "A four-bedroom house in Adjiringanor, let since October. Similar homes come up often — ask us.",
  },
  {
    slug: "2-bedroom-apartment-ridge-for-rent",
    title: "2-bedroom apartment for rent, Ridge",
    type: "apartment", listing: "rent", status: "available", price: 2200, currency: "USD", rentPeriod: "month", rentAdvanceMonths: 6,
    bedrooms: 2, bathrooms: 2, floorArea: 115, furnishing: "furnished", gated: true, serviced: true,
    address: "Ridge, near the Ridge Hospital", gps: "GA-016-4471", neighbourhood: "Ridge", city: "Accra", region: "Greater Accra",
    lat: 5.5641, lng: -0.2002, publishedDaysAgo: 16, agent: "staff@demo.test",
    features: ["Furnished", "Pool", "Gym", "Backup power", "24-hour security"],
    description: "A furnished two-bedroom apartment in central Ridge, ten minutes from the ministries and banks.",
  },
  {
    slug: "6-bedroom-house-east-legon-draft",
    title: "6-bedroom house, East Legon (draft)",
    type: "house", listing: "sale", status: "draft", price: 900000, currency: "USD",
    bedrooms: 6, bathrooms: 7, floorArea: 520, landSize: 1000, gated: true,
    address: "Lagos Avenue, East Legon", gps: "GA-416-9901", neighbourhood: "East Legon", city: "Accra", region: "Greater Accra",
    lat: 5.6401, lng: -0.1581, publishedDaysAgo: null, agent: "admin@demo.test",
    features: ["Pool", "Boys' quarters"],
    description: "Draft listing awaiting photos and the owner's signed mandate.",
  },
  {
    slug: "commercial-land-spintex-withdrawn",
    title: "Commercial land on Spintex Road (withdrawn)",
    type: "land", listing: "sale", status: "withdrawn", price: 1500000, currency: "USD",
    landSize: 4000, plots: 6, address: "Spintex Road", gps: "GT-024-0001", neighbourhood: "Spintex", city: "Accra", region: "Greater Accra",
    lat: 5.6341, lng: -0.1101, publishedDaysAgo: 90, agent: "staff@demo.test",
    features: ["Road frontage"],
    description: "Withdrawn by the owner.",
  },
];
