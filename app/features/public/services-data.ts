/**
 * The 14 service pages as data: one module, one page component renders them all.
 * Titles and summaries live in services-catalogue.ts.
 * Keyed by the slugs of core/services.ts; the type makes a missing or extra slug a compile error.
 */
import type { ServiceSlug } from "#core/services.ts";
import { SERVICE_SUMMARIES, type ServiceSummary } from "./services-catalogue.ts";

export interface ServiceStep {
  title: string;
  text: string;
}
export interface ServiceFaq {
  q: string;
  a: string;
}
export interface Service extends ServiceSummary {
  /** Opening paragraphs of the page. */
  intro: string[];
  /** Who it is for. */
  audience: string;
  included: string[];
  process: ServiceStep[];
  faqs: ServiceFaq[];
  /** Call-to-action label into the consultation form. */
  cta: string;
}

const DATA: Record<ServiceSlug, Omit<Service, keyof ServiceSummary>> = {
  "property-buying": {
    intro: [
      "Buying property in Ghana rewards careful buyers and punishes hurried ones. Land may be sold twice, family land may lack the consent of the head of family, and an indenture is not yet a registered title. We search, verify and negotiate for you, so you pay for a property you can actually own.",
      "We act for the buyer: our advice is not tied to a developer's sales targets, and every payment goes through a bank or mobile money with a receipt, never cash (Real Estate Agency Act, 2020, Act 1047).",
    ],
    audience:
      "First-time buyers, families relocating to Accra, Kumasi or Takoradi, and Ghanaians in the diaspora buying from abroad.",
    included: [
      "A written brief: budget in GHS or USD, locations, must-haves and timeline",
      "A shortlist from our listings and trusted partner agencies, with photos and video walk-throughs for clients abroad",
      "Accompanied viewings, including evening visits to check power, water pressure and traffic",
      "Official search at the Lands Commission and verification of the seller's title, site plan and survey",
      "Checks with the traditional authority or family head for stool and family land",
      "Price negotiation and a written offer with conditions",
      "Coordination with your lawyer on the sale and purchase agreement and registration",
      "Handover checklist: keys, meter numbers (ECG, Ghana Water), receipts and documents",
    ],
    process: [
      {
        title: "Brief",
        text: "A consultation (in person, phone or WhatsApp video) to set budget, areas and priorities.",
      },
      {
        title: "Search",
        text: "We shortlist properties that match and tell you frankly what your budget buys in each area.",
      },
      { title: "View", text: "Accompanied viewings, or live video viewings if you are abroad." },
      {
        title: "Verify",
        text: "Lands Commission search, site plan check, seller identity and encumbrances.",
      },
      { title: "Negotiate", text: "We negotiate price and terms and prepare a written offer." },
      {
        title: "Complete",
        text: "Your lawyer completes the deed; we see the handover through and help register the title.",
      },
    ],
    faqs: [
      {
        q: "Can I buy property in Ghana from abroad?",
        a: "Yes. Many of our buyers live in the UK, US and Europe. We run video viewings, share every document digitally, and you pay by bank transfer to the seller's or lawyer's account, never to an individual.",
      },
      {
        q: "Can foreigners own land in Ghana?",
        a: "Non-citizens may hold land on a leasehold of up to 50 years (renewable) under the Land Act, 2020 (Act 1036); freehold is reserved for citizens. We explain the options before you commit.",
      },
      {
        q: "How long does a Lands Commission search take?",
        a: "Usually two to four weeks in Accra. We do not recommend paying a deposit before the search result is back.",
      },
      {
        q: "What does your buying service cost?",
        a: "A buyer's agency fee agreed in writing before we start, usually a percentage of the purchase price. It is invoiced with VAT, NHIL and GETFund as the law requires.",
      },
    ],
    cta: "Book a buying consultation",
  },
  "property-selling": {
    intro: [
      "A well-priced, well-presented property with clean documents sells faster and for more. We prepare your property and its paperwork, market it to buyers in Ghana and the diaspora, and screen every enquiry before it reaches you.",
    ],
    audience:
      "Owners of houses, apartments, land and commercial buildings, including executors and owners living abroad.",
    included: [
      "A market appraisal based on recent sales in your neighbourhood",
      "Document review: title, site plan, building permit, and any consents needed",
      "Professional photography, floor plans and a video walk-through",
      "Listing on our site, partner portals and to our buyer database, with WhatsApp campaigns",
      "Screening of buyers and proof of funds before viewings",
      "Accompanied viewings and weekly feedback reports",
      "Negotiation and coordination with both lawyers to completion",
    ],
    process: [
      { title: "Appraise", text: "We visit, assess and recommend an asking price with evidence." },
      { title: "Prepare", text: "Documents checked, small repairs advised, photos and video taken." },
      { title: "Market", text: "Your listing goes live on our site, partner portals and to matched buyers." },
      { title: "Negotiate", text: "We qualify offers and negotiate the best price and terms for you." },
      { title: "Close", text: "Lawyers complete the sale; we manage handover and final payments." },
    ],
    faqs: [
      {
        q: "How much is your selling fee?",
        a: "A commission agreed in writing before marketing starts, payable on completion. Agency fees are standard-rated for VAT.",
      },
      {
        q: "Do I need a registered title to sell?",
        a: "It is not strictly required, but buyers pay more and decide faster when the title is registered. Our legal and title support team can help regularise documents first.",
      },
      {
        q: "Can you sell my property while I live abroad?",
        a: "Yes. You can sign a power of attorney for a trusted representative or your lawyer, and we report to you weekly by email or WhatsApp.",
      },
    ],
    cta: "Get a selling appraisal",
  },
  "property-management": {
    intro: [
      "Owning rental property should not mean chasing rent or repairs. We manage residential and commercial property across Greater Accra and Kumasi: tenants, rent, maintenance and compliance, with a monthly statement you can read on your phone.",
      "Rent is paid by bank transfer or mobile money to a dedicated client account. We keep advance demands within the Rent Act, 1963 (Act 220) and explain the rules to tenants and owners alike.",
    ],
    audience:
      "Landlords at home and abroad, estate developers with unsold units, and companies with staff housing.",
    included: [
      "Tenant marketing, viewings, referencing and tenancy agreements",
      "Rent collection by bank or mobile money, with receipts and arrears follow-up",
      "Routine inspections with photo reports every quarter",
      "Maintenance by vetted artisans, with quotes approved by you above an agreed limit",
      "Utility and service-charge management (ECG prepaid meters, Ghana Water, waste, security)",
      "Rent tax withholding guidance for corporate tenants",
      "Monthly owner statements and an annual summary for your tax return",
    ],
    process: [
      {
        title: "Onboard",
        text: "We inspect, photograph and inventory the property and agree a maintenance limit.",
      },
      { title: "Let", text: "We find and reference tenants and sign a clear tenancy agreement." },
      { title: "Manage", text: "Rent, repairs, inspections and tenant queries handled day to day." },
      { title: "Report", text: "Monthly statements, quarterly inspections, renewals and rent reviews." },
    ],
    faqs: [
      {
        q: "What does management cost?",
        a: "A percentage of the rent collected, agreed in writing. Letting-only services are also available for a one-off fee.",
      },
      {
        q: "Can tenants pay two years in advance?",
        a: "Many do, but the Rent Act caps demands for advance rent at six months for residential tenancies. We advise owners on lawful terms and record every payment.",
      },
      {
        q: "Who pays for repairs?",
        a: "The owner pays for structural repairs and wear and tear; tenants pay for damage they cause. The agreement sets this out, and we approve quotes with you.",
      },
    ],
    cta: "Talk to a property manager",
  },
  "investment-consulting": {
    intro: [
      "We help investors decide where, what and when to buy: rental yields, capital growth, currency risk and exit options, based on transactions we see every week rather than asking prices.",
    ],
    audience:
      "Private investors, diaspora investors, family offices and companies deploying capital into Ghanaian real estate.",
    included: [
      "Investment brief and risk profile, including GHS/USD exposure",
      "Area studies: rents, vacancy, infrastructure projects and planning schemes",
      "Yield and cash-flow models, after rent tax, VAT on fees and maintenance",
      "Deal screening and site inspections",
      "Exit planning: resale, letting or refinancing",
    ],
    process: [
      { title: "Define", text: "Goals, budget, horizon and risk appetite." },
      { title: "Research", text: "Markets and assets compared on real numbers." },
      { title: "Recommend", text: "A written report with a shortlist and our reasoning." },
      { title: "Execute", text: "We help you buy through our buying and legal teams." },
    ],
    faqs: [
      {
        q: "What yields can I expect in Accra?",
        a: "Gross residential yields in prime areas such as Airport Residential, Cantonments and East Legon typically range from 6 to 9 % in USD terms; short-let and mid-market units can be higher but need more management.",
      },
      {
        q: "Should I invest in GHS or USD-priced property?",
        a: "Many prime rents are quoted in USD, which protects against cedi depreciation, but tenants paying in cedis are a deeper market. We model both.",
      },
    ],
    cta: "Book an investment consultation",
  },
  "property-valuation": {
    intro: [
      "Our valuations are prepared with licensed valuers (Ghana Institution of Surveyors) and based on comparable transactions, replacement cost or income, depending on purpose.",
    ],
    audience: "Owners, buyers, banks, insurers, executors and companies preparing accounts.",
    included: [
      "Site inspection and measurement",
      "Comparable-sales and rental evidence",
      "Valuation in GHS with USD equivalent on request",
      "A signed report suitable for banks, courts and insurers",
      "Rental valuations and rent review advice",
    ],
    process: [
      { title: "Instruct", text: "Tell us the purpose and send the documents you have." },
      { title: "Inspect", text: "Our valuer visits and measures the property." },
      { title: "Analyse", text: "Evidence gathered and method chosen for the purpose." },
      { title: "Report", text: "A signed report, usually within 7 working days." },
    ],
    faqs: [
      {
        q: "Will my bank accept your valuation?",
        a: "Most banks in Ghana keep a panel of valuers. We tell you in advance whether our valuer is on your lender's panel.",
      },
      {
        q: "How much does a valuation cost?",
        a: "The fee depends on the property's type, size and purpose; we quote it in writing before inspection.",
      },
    ],
    cta: "Request a valuation",
  },
  "real-estate-consulting": {
    intro: [
      "From a single plot to a portfolio, we help you make property decisions with clear options: market studies, highest-and-best-use analysis, feasibility and disposal strategies.",
    ],
    audience: "Developers, landowners, churches, schools, NGOs and companies with property needs.",
    included: [
      "Market and feasibility studies",
      "Highest-and-best-use analysis for land",
      "Portfolio reviews and disposal strategies",
      "Occupier advice: office and warehouse requirements",
      "Planning and permit guidance with the metropolitan and municipal assemblies",
    ],
    process: [
      { title: "Scope", text: "We agree the question and the deliverable." },
      { title: "Study", text: "Market data, site visits and stakeholder interviews." },
      { title: "Advise", text: "A report with options, numbers and a recommendation." },
    ],
    faqs: [
      {
        q: "Do you work outside Accra?",
        a: "Yes: Kumasi, Takoradi, Tamale, Cape Coast and the growing corridors along the Accra–Tema and Kasoa roads.",
      },
    ],
    cta: "Discuss your project",
  },
  "legal-title-support": {
    intro: [
      "Most property disputes in Ghana start with documents: an unregistered indenture, a site plan that does not match the ground, or land sold by someone without authority. We work with property lawyers and licensed surveyors to check and regularise titles.",
    ],
    audience:
      "Buyers before paying a deposit, owners preparing to sell, and families regularising inherited land.",
    included: [
      "Official searches at the Lands Commission",
      "Site plan and survey verification with a licensed surveyor",
      "Review of indentures, leases and deeds of assignment",
      "Land Title Certificate registration support",
      "Stamp duty and consent applications",
      "Referral to a lawyer for disputes and litigation",
    ],
    process: [
      { title: "Review", text: "We read the documents you have and list the gaps." },
      { title: "Search", text: "Official searches and surveyor checks on the ground." },
      { title: "Regularise", text: "Applications, stamping and registration filed and followed up." },
      { title: "Deliver", text: "You receive certified documents and a plain-English summary." },
    ],
    faqs: [
      {
        q: "What is the difference between an indenture and a Land Title Certificate?",
        a: "An indenture is the deed of transfer between seller and buyer. A Land Title Certificate is issued after registration at the Lands Commission and is the strongest evidence of ownership.",
      },
      {
        q: "How long does title registration take?",
        a: "Commonly six months to a year, depending on the region and whether the land is stool, family or state land.",
      },
    ],
    cta: "Get your documents checked",
  },
  "tenant-services": {
    intro: [
      "Looking for a place to rent in Accra or Kumasi? Tell us what you need; we shortlist properties that match, check the landlord's authority to let, and make sure the agreement is fair and lawful.",
    ],
    audience: "Families, professionals and expatriates relocating to Ghana, and companies housing staff.",
    included: [
      "A rental brief and shortlist within your budget",
      "Accompanied viewings and honest area advice (traffic, flooding, power)",
      "Checks that the landlord or agent may let the property",
      "Review of the tenancy agreement and inventory",
      "Move-in support: utilities, prepaid meters, internet providers",
    ],
    process: [
      { title: "Brief", text: "Budget, areas, size and move-in date." },
      { title: "Shortlist", text: "We send matching homes with photos and prices." },
      { title: "View", text: "Accompanied viewings at times that suit you." },
      { title: "Move in", text: "Agreement reviewed, inventory signed, keys collected." },
    ],
    faqs: [
      {
        q: "How much advance rent will I be asked for?",
        a: "The Rent Act limits advance demands to six months, though one to two years is still commonly requested. We negotiate terms that work for you.",
      },
      {
        q: "Is there a fee for tenants?",
        a: "Our tenant finding fee is agreed in writing in advance; there are no hidden charges.",
      },
    ],
    cta: "Start your rental search",
  },
  "real-estate-investment": {
    intro: [
      "We source and vet investment opportunities, from off-plan apartments by established developers to tenanted income property and land in growth corridors, and present them with the numbers and the risks.",
    ],
    audience: "Investors looking for income or growth who want opportunities already vetted.",
    included: [
      "Vetted developers with a track record of delivery",
      "Payment schedules tied to construction milestones",
      "Independent checks on land title and building permits",
      "Rental management after completion",
      "Resale support when you want to exit",
    ],
    process: [
      { title: "Match", text: "We match opportunities to your goals and budget." },
      { title: "Diligence", text: "Title, permits and developer checks before you commit." },
      { title: "Invest", text: "Contracts reviewed and payments made to escrow or the developer's account." },
      { title: "Manage", text: "Letting and management once the property is delivered." },
    ],
    faqs: [
      {
        q: "Is off-plan buying safe in Ghana?",
        a: "It can be, with an established developer, a verified title, a building permit and milestone-based payments. We decline projects that fail these checks.",
      },
    ],
    cta: "Explore investment opportunities",
  },
  "commercial-properties": {
    intro: [
      "From Grade A offices in Airport City and Ridge to warehouses on the Spintex Road and in Tema, we help businesses find, lease and manage commercial space.",
    ],
    audience: "Companies, retailers, logistics firms and investors in commercial property.",
    included: [
      "Requirement analysis: size, location, parking, power backup and fit-out",
      "Market search including off-market space",
      "Lease negotiation: rent, service charge, rent-free periods and break clauses",
      "Rent tax (15 % commercial) and VAT guidance",
      "Fit-out and move coordination",
    ],
    process: [
      { title: "Requirement", text: "We write down exactly what your business needs." },
      { title: "Search", text: "Shortlist and tours of suitable space." },
      { title: "Negotiate", text: "Heads of terms and lease negotiated for you." },
      { title: "Occupy", text: "Fit-out and move supported through to opening day." },
    ],
    faqs: [
      {
        q: "Are commercial rents quoted in dollars?",
        a: "Prime office rents are often quoted in USD per square metre per month but must be paid in cedis at the prevailing rate; we explain the mechanism in each lease.",
      },
    ],
    cta: "Find commercial space",
  },
  "luxury-homes": {
    intro: [
      "Prime homes in Airport Residential, Cantonments, Labone, Trasacco and East Legon Hills call for discretion, market knowledge and a buyer network that extends beyond Ghana. We offer private viewings and off-market opportunities.",
    ],
    audience: "High-net-worth buyers, diplomats, executives and owners of prime property.",
    included: [
      "Private and off-market listings",
      "Confidential viewings by appointment",
      "Architectural photography and film",
      "Security and staff-quarters assessments",
      "Concierge support: schools, relocation and interior design partners",
    ],
    process: [
      { title: "Consult", text: "A private conversation about your requirements." },
      { title: "Curate", text: "A shortlist including off-market homes." },
      { title: "View", text: "Private viewings at your convenience." },
      { title: "Acquire", text: "Negotiation and completion handled discreetly." },
    ],
    faqs: [
      {
        q: "Can you keep my search confidential?",
        a: "Yes. We work under a confidentiality agreement on request and never publish off-market properties.",
      },
    ],
    cta: "Arrange a private consultation",
  },
  "land-banking": {
    intro: [
      "Land in the corridors around Accra, Kumasi and Takoradi has long been a store of value for Ghanaian families, but only with a clean title, clear boundaries and active protection against encroachment. We help you buy and hold land safely.",
    ],
    audience: "Families, diaspora buyers and investors holding land for future building or resale.",
    included: [
      "Area research: planning schemes, road projects and growth trends",
      "Title verification with the Lands Commission and the customary owners",
      "Survey and demarcation with pillars",
      "Walling or fencing, and periodic site inspections against encroachment",
      "Registration of the Land Title Certificate",
    ],
    process: [
      { title: "Select", text: "We recommend areas and plots that fit your budget and horizon." },
      { title: "Verify", text: "Searches, surveys and customary consents before payment." },
      { title: "Secure", text: "Pillars, walling and registration." },
      { title: "Protect", text: "Quarterly inspections with photo reports." },
    ],
    faqs: [
      {
        q: "How do I avoid land guards and double sales?",
        a: "Buy only after an official search, deal with the recognised customary owners, survey and pillar the land, and register promptly. We manage each step.",
      },
      {
        q: "How big is a plot in Ghana?",
        a: "A standard plot is commonly 70 × 100 feet (about 650 m²), but sizes vary by area; we always measure.",
      },
    ],
    cta: "Talk to us about land",
  },
  "project-management": {
    intro: [
      "Building in Ghana from abroad has cost many families dearly. Our project managers represent you on site: budgets, contractors, quality checks and payments, with photo and video updates every week.",
    ],
    audience: "Owners building homes, diaspora clients and small developers.",
    included: [
      "Budget and programme prepared with a quantity surveyor",
      "Building permit application with the municipal assembly",
      "Contractor tendering and contract management",
      "Weekly site reports with photos and video",
      "Staged payments certified against work done",
      "Snagging and handover",
    ],
    process: [
      { title: "Plan", text: "Drawings, budget, permit and programme." },
      { title: "Procure", text: "Contractors tendered and appointed." },
      { title: "Build", text: "Weekly supervision, reports and certified payments." },
      { title: "Hand over", text: "Snagging, completion certificate and keys." },
    ],
    faqs: [
      {
        q: "How do you prevent cost overruns?",
        a: "A detailed bill of quantities, fixed-price packages where possible, and payments only against certified work.",
      },
    ],
    cta: "Plan your build with us",
  },
  "facilities-management": {
    intro: [
      "We run apartment blocks, gated communities and office buildings: preventive maintenance, standby generators and water systems, security, cleaning and service-charge accounting.",
    ],
    audience: "Residents' associations, developers, landlords and corporate occupiers.",
    included: [
      "Planned preventive maintenance schedules",
      "Generator, borehole, water treatment and lift maintenance",
      "Security, cleaning and landscaping contracts",
      "Fire safety inspections with the Ghana National Fire Service",
      "Service-charge budgets and transparent accounts",
      "24/7 helpdesk for residents and occupiers",
    ],
    process: [
      { title: "Audit", text: "We inspect the building and its systems." },
      { title: "Plan", text: "Maintenance plan and budget agreed with you." },
      { title: "Operate", text: "Day-to-day management with a named facilities manager." },
      { title: "Report", text: "Monthly reports and service-charge accounts." },
    ],
    faqs: [
      {
        q: "Do you manage estates with a residents' association?",
        a: "Yes, we work with associations and present budgets and accounts at their meetings.",
      },
    ],
    cta: "Request a facilities proposal",
  },
};

export const SERVICES: Service[] = SERVICE_SUMMARIES.map((summary) => ({
  ...summary,
  ...DATA[summary.slug],
}));

export function getService(slug: string): Service | undefined {
  return SERVICES.find((s) => s.slug === slug);
}
