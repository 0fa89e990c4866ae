import type { ArticleInput } from "../../domain/content";

/**
 * A clearly fictional journalist's clips. Outlets use the reserved `.example` domain, so no link
 * can reach a real publication. Full text is stored, so reader mode works without a network.
 */
export const DEMO_ARTICLES: ArticleInput[] = [
  {
    title: "Flood defences on the Wend were signed off despite engineers' warnings",
    outlet: "The Meridian Herald",
    url: "https://meridianherald.example/news/wend-flood-defences-warnings",
    date: "2026-10-14",
    description:
      "Internal reports show three inspections flagged erosion at the Millbrook embankment months before it failed.",
    image: "/demo/river-flood.jpg",
    featured: true,
    tags: ["investigation"],
    content: [
      "Three separate inspections of the Millbrook embankment flagged erosion at its base in the eighteen months before it gave way, according to internal reports seen by the Herald.",
      "The reports, obtained through a freedom of information request, show that engineers recommended urgent repairs on two occasions. Both recommendations were marked as deferred pending budget review.",
      "WHAT THE REPORTS SAY",
      "The first inspection, carried out in the spring of last year, described the toe of the embankment as showing signs of scour consistent with repeated high flows. The second, six months later, recorded that the damage had spread along a forty-metre stretch.",
      "A spokesperson for the river authority said that every decision had been taken in line with the risk framework in force at the time, and that a full review of the deferral process was now under way.",
      "Residents of the Low Street terraces, where water reached the first floor of eleven homes, said they had never been told about the warnings. Several have now asked the authority to publish the complete inspection record.",
    ].join("\n\n"),
  },
  {
    title: "Inside the all-night sitting that rewrote the county's bus map",
    outlet: "The Meridian Herald",
    url: "https://meridianherald.example/politics/all-night-bus-map-sitting",
    date: "2 September 2026",
    description:
      "How a fourteen-hour committee session ended with four rural routes saved and two town services cut.",
    image: "/demo/council-chamber.jpg",
    featured: true,
    tags: [],
    content: [
      "The transport committee sat down at six in the evening expecting to approve the new network in an hour. It rose at eight the next morning, having rewritten most of it.",
      "Councillors from the northern wards arrived with petitions signed by more than four thousand people asking for the rural routes to be kept. By midnight, the chair had agreed to take each route separately.",
      "The final map keeps four rural services that officers had proposed to withdraw, paid for by reducing the frequency of two town routes from every ten minutes to every fifteen.",
      "Officers warned that the savings would fall short of the target by about a fifth. The committee asked for a revised budget to be brought back before the end of the year.",
    ].join("\n\n"),
  },
  {
    title: "What the numbers say about school absence in Northgate",
    outlet: "Northgate Courier",
    url: "https://northgatecourier.example/education/school-absence-numbers",
    date: "2026-07-21",
    description:
      "A ward-by-ward analysis of attendance data finds persistent absence has doubled in five years, and not where you might expect.",
    image: "/demo/data-charts.jpg",
    featured: true,
    tags: ["data"],
    content: [
      "Persistent absence in Northgate's secondary schools has doubled in five years, but the sharpest rises are not in the wards with the highest levels of deprivation.",
      "The Courier analysed attendance figures for every state school in the borough, matched to pupils' home wards. The data covers more than nineteen thousand pupils.",
      "HOW WE DID THIS",
      "We used the published termly attendance statistics and the ward lookup tables released by the council. Pupils are counted as persistently absent when they miss ten per cent or more of sessions.",
      "The largest increases were in three suburban wards on the eastern edge of the borough, where rates rose from under eight per cent to nearly twenty.",
      "Head teachers we spoke to pointed to the loss of a direct bus route in 2023 and to rising anxiety among older pupils. The council said it would examine the findings.",
    ].join("\n\n"),
  },
  {
    title: "“I never planned to be a councillor”: a conversation with Ruth Adeyemi",
    outlet: "Northgate Courier",
    url: "https://northgatecourier.example/people/ruth-adeyemi-interview",
    date: "2026-05-30",
    description:
      "The borough's youngest council leader on housing, hecklers, and why she still takes the night bus home.",
    image: "/demo/interview-mic.jpg",
    featured: false,
    tags: ["interview"],
    content: [
      "Ruth Adeyemi did not plan to go into politics. She was, she says, the person at residents' meetings who stayed behind to stack the chairs.",
      "Three years later she leads the borough council, the youngest person to do so since it was formed. We met in the café opposite the town hall, where she orders the same thing every week.",
      "On housing, she is blunt. The borough has built fewer than half the homes it promised, and she says the target was never realistic without help from central government.",
      "Asked about the hecklers who followed her out of a planning meeting last month, she shrugs. People are angry, she says, and they have a right to be. Her job is to answer them.",
    ].join("\n\n"),
  },
  {
    title: "The landlord register that nobody checks",
    outlet: "The Civic Ledger",
    url: "https://civicledger.example/housing/landlord-register-unchecked",
    date: "2026-03-11",
    description:
      "Councils must keep a register of private landlords. Our survey of twelve found most had not audited a single entry.",
    image: "/demo/housing-estate.jpg",
    featured: true,
    tags: [],
    content: [
      "Every council in the region is required to keep a register of private landlords. Almost none of them check whether the details on it are true.",
      "The Ledger asked twelve councils how many entries they had audited in the past three years. Nine said none. Two said they had checked a sample after complaints. One did not reply.",
      "Tenants' groups say the registers give a false sense of security. A landlord banned in one borough can register in the next with a different company name.",
      "The regional housing forum said it would raise the issue with ministers and called for a single shared register with proper checks.",
    ].join("\n\n"),
  },
  {
    title: "Opinion: local papers are not dying, they are being starved",
    outlet: "The Civic Ledger",
    url: "https://civicledger.example/opinion/local-papers-starved",
    date: "January 19, 2026",
    description:
      "The problem is not that readers stopped caring. It is that the money that paid for reporting went elsewhere.",
    image: "",
    featured: false,
    tags: ["comment"],
    content: [
      "Every few months someone writes that local journalism is dying because nobody reads it any more. The numbers say otherwise.",
      "Readership of local news sites has held steady for a decade. What has collapsed is the advertising that used to pay for the people who write it.",
      "A court reporter, a council reporter and a news editor cost less than many organisations spend on a single marketing campaign. Communities that lose them lose the only people whose job is to sit through the meetings.",
      "There are models that work: reader memberships, charitable trusts, shared newsrooms. None of them is a miracle, but all of them beat doing nothing.",
    ].join("\n\n"),
  },
  {
    title: "Harbour ferry operator fined after safety checks were skipped",
    outlet: "Harbour Weekly",
    url: "https://harbourweekly.example/news/ferry-operator-fined",
    date: "2025-12-04",
    description:
      "The company admitted missing monthly lifejacket inspections on two vessels for most of last year.",
    image: "/demo/harbour-dawn.jpg",
    featured: true,
    tags: ["news"],
    content: [
      "The operator of the harbour ferry has been fined after admitting that monthly safety inspections on two of its vessels were not carried out for most of last year.",
      "Magistrates heard that lifejacket checks and fire-extinguisher inspections were recorded as complete when they had not been done. The failings came to light after a passenger complaint.",
      "The company said it had replaced its operations manager and introduced electronic checklists. No passengers were harmed.",
    ].join("\n\n"),
  },
  {
    title: "Fishing quotas: the families caught between two rulebooks",
    outlet: "Harbour Weekly",
    url: "https://harbourweekly.example/features/fishing-quotas-families",
    date: "2025-10-22",
    description:
      "Three generations of one fishing family explain what the new quota rules mean for small boats working out of the harbour.",
    image: "",
    featured: false,
    tags: [],
    content: [
      "The Penrose family has fished out of the harbour for three generations. This year, for the first time, they are not sure there will be a fourth.",
      "New quota rules allocate catches by vessel length. Boats under ten metres share a single pool, which this year ran out in September.",
      "Tom Penrose, who skippers the family's boat, says the rules were written for a different kind of fleet. His daughter, who crews for him, is training as an electrician as a fallback.",
      "The fisheries office says the pool will be reviewed next spring, and that small boats can apply for emergency allocations.",
    ].join("\n\n"),
  },
  {
    title: "Mapped: every closed library branch since 2015",
    outlet: "Data Desk Review",
    url: "https://datadeskreview.example/maps/closed-library-branches",
    date: "2025-08-08",
    description:
      "An interactive map of sixty-one library closures across the region, with the reasons councils gave for each.",
    image: "",
    featured: false,
    tags: ["data", "news"],
    content: [
      "Sixty-one public library branches have closed across the region since 2015, according to a count compiled from council minutes and freedom of information responses.",
      "The most common reason given was building maintenance costs, cited in twenty-four cases. Budget reductions were cited in nineteen.",
      "Rural areas lost a larger share of their branches than towns. In four districts, residents now live more than ten miles from the nearest library.",
    ].join("\n\n"),
  },
  {
    title: "How one council spent £2m on consultants in a single year",
    outlet: "Data Desk Review",
    url: "https://datadeskreview.example/spending/council-consultants",
    date: "2025-06-17",
    description:
      "Line-by-line spending records reveal a reliance on outside advisers that the council's own auditors had questioned.",
    image: "",
    featured: false,
    tags: [],
    content: [
      "Eastbrook council spent just over two million pounds on outside consultants in the last financial year, more than double the amount it budgeted.",
      "The figures come from the council's own published spending records, which list every payment over five hundred pounds.",
      "The largest single contract, worth four hundred thousand pounds, was for advice on restructuring the council's own finance department.",
      "The council said the spending was necessary to cover vacancies and would fall as permanent staff were recruited.",
    ].join("\n\n"),
  },
  {
    title: "Night shift: twelve hours with the county's only out-of-hours social worker",
    outlet: "Northgate Courier",
    url: "https://northgatecourier.example/features/night-shift-social-worker",
    date: "2025-03-02",
    description:
      "From a midnight call about a missing teenager to a dawn visit to a frightened pensioner, one shift on the front line.",
    image: "",
    featured: false,
    tags: [],
    content: [
      "The phone rings for the first time at ten past eight. By the end of the night, it will have rung forty-one times.",
      "Dana is the only social worker on duty across the whole county between eight in the evening and eight in the morning. She covers an area of more than a thousand square miles.",
      "The calls range from a teenager who has not come home to a care home reporting that a resident has fallen. Each one has to be assessed, recorded and, often, followed up in person.",
      "The county has advertised for a second out-of-hours post three times in two years without appointing anyone.",
    ].join("\n\n"),
  },
  {
    title: "The quiet closure of the last maternity unit in the valley",
    outlet: "The Meridian Herald",
    url: "https://meridianherald.example/health/valley-maternity-unit-closure",
    date: "2024-11-26",
    description:
      "Expectant parents now face an hour's drive to give birth, after a 'temporary' suspension became permanent.",
    image: "",
    featured: false,
    tags: [],
    content: [
      "When the valley's maternity unit suspended births in the summer of 2023, the health board said the measure was temporary. Eighteen months later, it has become permanent.",
      "Parents-to-be in the upper valley now face a journey of up to an hour to the nearest consultant-led unit, on roads that are often closed in winter.",
      "The health board said it could not recruit enough midwives to run the unit safely, and that a midwife-led birthing centre would open in its place next year.",
    ].join("\n\n"),
  },
];
