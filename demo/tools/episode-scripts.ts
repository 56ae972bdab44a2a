/**
 * The demo podcast's episodes: metadata and the words each presenter says, in order.
 * `generate-demo.ts` turns every turn into speech word by word, so the transcript words are
 * exactly these, split on whitespace. demo/README.md lists which episode exercises what.
 */

/** One speaker's turn: the presenter id and what they say. */
export type Turn = readonly [speaker: number, text: string];

export interface EpisodeScript {
  /** The episode number as written ('4.5'). */
  episode: string;
  title: string;
  /** ISO date of publication (UTC). */
  published: string;
  descriptionHtml: string;
  /** presenter1..presenter5, in order. */
  presenters: readonly number[];
  venue: number;
  live?: true;
  compilation?: true;
  image: { ext: 'png' | 'jpg'; background: string; accent: string; label: string };
  turns: readonly Turn[];
}

const DORA = 6;
const MILO = 7;
const PRIYA = 12;
const HAMISH = 22;
const TABITHA = 30;
const ROWAN = 31;
const ADA = 40;
const KOFI = 41;
const INGRID = 42;

export const EPISODES: readonly EpisodeScript[] = [
  {
    episode: '1',
    title: 'Clouds, Honey and Bananas',
    published: '2025-01-06T06:00:00Z',
    descriptionHtml:
      '<p>In our very first haul: a cloud that weighs as much as <em>a hundred elephants</em>, ' +
      'honey from <a href="https://en.wikipedia.org/wiki/Honey">Egyptian tombs</a>, and the ' +
      'botanical truth about bananas.</p><p>Recorded at <strong>The Haul HQ</strong> in London.</p>',
    presenters: [DORA, MILO, PRIYA, HAMISH],
    venue: 1,
    image: { ext: 'png', background: '#f4d35e', accent: '#1d3557', label: 'Clouds' },
    turns: [
      [
        DORA,
        "Welcome to The Curious Haul, the show where four friends trade the best facts they found this week. I'm Dora, and with me are Milo, Priya and Hamish.",
      ],
      [
        MILO,
        'Hello! My fact is about clouds. An ordinary fluffy cloud weighs around 500 tonnes, which is about the same as a hundred elephants.',
      ],
      [PRIYA, "So why doesn't it fall on us?"],
      [
        MILO,
        'Because the water is spread out as tiny droplets, and the air underneath it is even heavier.',
      ],
      [
        HAMISH,
        "Here's mine. Honey basically never goes off. Archaeologists have found pots of it in Egyptian tombs that were still edible.",
      ],
      [DORA, 'Would you eat it, though?'],
      [HAMISH, 'On toast, absolutely!'],
      [
        PRIYA,
        "My fact is that bananas are berries, but strawberries aren't. Botanists are very strict about this.",
      ],
      [
        DORA,
        "That ruins fruit salad for me. And speaking of dessert, the ice cream cone was made famous at the 1904 World's Fair in Saint Louis.",
      ],
      [
        MILO,
        'One story says a waffle seller rolled up his waffles for an ice cream stall that had run out of dishes.',
      ],
      [DORA, "That's all we have time for. Thanks for listening!"],
    ],
  },
  {
    episode: '2',
    title: 'Cats, Tittles and Jiffies',
    published: '2025-01-13T06:00:00Z',
    descriptionHtml:
      '<p>Recorded from our kitchen tables. Hamish is away, so researcher <strong>Tabitha Ng</strong> ' +
      'joins Dora, Milo and Priya to discuss why cats <em>cannot taste sweetness</em>, the ' +
      '<a href="https://en.wikipedia.org/wiki/Tittle">tittle</a>, and how long a jiffy really is.</p>',
    presenters: [DORA, MILO, PRIYA, TABITHA],
    venue: 2,
    image: { ext: 'png', background: '#a8dadc', accent: '#1d3557', label: 'Tittles' },
    turns: [
      [
        DORA,
        "Hello from our kitchen tables! Hamish can't join us today, so our researcher Tabitha is sitting in.",
      ],
      [TABITHA, "Thanks, Dora! I'm thrilled to be here, even if here is my spare room."],
      [
        MILO,
        "Let's start with my cat, who is currently sitting on my keyboard. Did you know cats can't taste sweet things at all?",
      ],
      [PRIYA, 'Really? Not even a little?'],
      [
        MILO,
        'Not at all. Their ancestors lost the gene for the sweet taste receptor a very long time ago.',
      ],
      [TABITHA, "My fact is about the dot over a lowercase i or j. It's called a tittle."],
      [DORA, 'A tittle! I love that.'],
      [
        PRIYA,
        "Here's one for working from home. A jiffy is a real unit of time. In computing it's often one hundredth of a second.",
      ],
      [
        TABITHA,
        'Physicists have their own jiffy, too. Some use it for the time light takes to cross a single centimetre.',
      ],
      [MILO, 'So a jiffy is whatever you want it to be.'],
      [DORA, "So when I say I'll be back in a jiffy, I'm promising to be very quick."],
      [MILO, 'You never are, though.'],
      [DORA, "Next week we're back in an office. Bye!"],
    ],
  },
  {
    episode: '3',
    title: "The Axolotl's Secret",
    published: '2025-01-20T06:00:00Z',
    descriptionHtml:
      '<p>A whole episode about one very strange salamander, the ' +
      '<a href="https://en.wikipedia.org/wiki/Axolotl">axolotl</a>, which can <em>regrow its own legs</em>. ' +
      'Plus a sad story about a famous bridge.</p><p>Recorded at <strong>The Boathouse Office</strong>, Bristol.</p>',
    presenters: [PRIYA, HAMISH, MILO, DORA],
    venue: 4,
    image: { ext: 'png', background: '#f4acb7', accent: '#5a189a', label: 'Regrow' },
    turns: [
      [
        PRIYA,
        'Welcome to episode three, recorded in our Bristol office. This week is all about one very strange salamander.',
      ],
      [HAMISH, "The axolotl! It's my favourite animal, and it always looks like it's smiling."],
      [PRIYA, 'An axolotl can regrow a lost leg, and even parts of its heart and its spinal cord.'],
      [MILO, 'How is that even possible?'],
      [
        PRIYA,
        'Scientists are still working that out. Its cells seem to remember how to build the missing part.',
      ],
      [
        DORA,
        'Wild axolotls only live in the canals and lakes around Mexico City, and sadly there are very few left.',
      ],
      [
        HAMISH,
        "And here's the odd bit. An axolotl keeps its feathery gills for its whole life, like a tadpole that never grows up.",
      ],
      [MILO, 'I know people like that.'],
      [
        DORA,
        "The name comes from Nahuatl, the language of the Aztecs, and it's often linked to Xolotl, a god of fire and lightning.",
      ],
      [
        MILO,
        "Since we're in Bristol, my fact is local. The Clifton Suspension Bridge opened in 1864, five years after its designer, Brunel, had died.",
      ],
      [HAMISH, "He never got to walk across it? That's so sad!"],
      [PRIYA, "That's our show. Goodbye!"],
    ],
  },
  {
    episode: '4',
    title: 'Live in Sydney: Cubes and Emus',
    published: '2025-01-27T06:00:00Z',
    descriptionHtml:
      '<p><strong>Live</strong> at the Harbourside Theatre in Sydney, with marine biologist ' +
      '<em>Professor Ada Wren</em>. Why is wombat poo cube-shaped? Who won the ' +
      '<a href="https://en.wikipedia.org/wiki/Emu_War">Emu War</a>? And how many tiles are on that roof?</p>',
    presenters: [DORA, MILO, HAMISH, ADA],
    venue: 3,
    live: true,
    image: { ext: 'png', background: '#ffb703', accent: '#023047', label: 'Live!' },
    turns: [
      [
        DORA,
        'Hello Sydney! Welcome to a live Curious Haul at the Harbourside Theatre. Priya is at home with a cold, but we have a very special guest, the marine biologist Professor Ada Wren!',
      ],
      [ADA, "Thank you! It's lovely to be here."],
      [MILO, 'Ada, what have you brought us?'],
      [
        ADA,
        "Wombats! A wombat's poo comes out shaped like little cubes, and they leave them on rocks to mark their territory.",
      ],
      [HAMISH, 'Cubes? How on earth does that work?'],
      [ADA, 'Their intestines have stiff and stretchy sections that shape it on the way out.'],
      [
        HAMISH,
        'My fact is about the building down the road. The roof of the Sydney Opera House is covered in 1,056,006 tiles.',
      ],
      [DORA, 'Did somebody count them?'],
      [HAMISH, 'Somebody must have!'],
      [
        MILO,
        "Here's mine. In 1932, Australia sent soldiers with machine guns to fight emus, and the emus won.",
      ],
      [
        DORA,
        'The Great Emu War! And my fact is that the platypus glows blue-green under ultraviolet light.',
      ],
      [ADA, "That was only reported in 2020, which shows how much we still don't know."],
      [
        DORA,
        "It's thirty degrees in here, so I think we've all earned an ice cream. Thank you, Sydney!",
      ],
    ],
  },
  {
    episode: '4.5',
    title: 'The Best Bits So Far',
    published: '2025-01-30T06:00:00Z',
    descriptionHtml:
      '<p>A bonus <em>half</em> episode: our favourite moments from episodes one to four, ' +
      'plus your letters about very old honey. Catch up on the ' +
      '<a href="https://en.wikipedia.org/wiki/Compilation_album">compilation</a> before we head north.</p>',
    presenters: [MILO, DORA, PRIYA, HAMISH],
    venue: 1,
    compilation: true,
    image: { ext: 'jpg', background: '#e9c46a', accent: '#264653', label: 'Best bits' },
    turns: [
      [
        MILO,
        "This is a bonus half episode! We've picked our favourite moments from the first four shows.",
      ],
      [DORA, 'First, from episode one, the cloud that weighs as much as a hundred elephants.'],
      [PRIYA, 'Then, from episode two, the tittle, which is still my favourite word.'],
      [
        MILO,
        'We got a lot of mail about the tittle. It really is in the dictionary, so please stop writing in to check!',
      ],
      [DORA, 'From episode three, the bridge that Brunel never got to walk across.'],
      [
        HAMISH,
        'My favourite was Ada and the cube-shaped wombat poo. I still think about it every day.',
      ],
      [PRIYA, 'That is worrying, Hamish.'],
      [HAMISH, 'And from Sydney, the emus that beat an army. Were they really that clever?'],
      [MILO, 'Not clever, just fast. An emu can run at about fifty kilometres an hour.'],
      [
        PRIYA,
        "Listeners also wrote in about honey. One of you keeps a jar from 1990 and says it's still fine.",
      ],
      [DORA, "Please don't eat it on our account!"],
      [HAMISH, 'Back to normal next week, when we visit the Edinburgh office.'],
      [MILO, 'See you then!'],
    ],
  },
  {
    episode: '5',
    title: 'Unicorns and Penny Licks',
    published: '2025-02-03T06:00:00Z',
    descriptionHtml:
      "<p>From <strong>The Edinburgh Office</strong>: Scotland's national animal, a castle on a " +
      '<em>volcano</em>, and the Victorian <a href="https://en.wikipedia.org/wiki/Penny_lick">penny lick</a>, ' +
      'with researcher Rowan Pike and food historian Kofi Mensah.</p>',
    presenters: [HAMISH, DORA, PRIYA, ROWAN, KOFI],
    venue: 9,
    image: { ext: 'png', background: '#90be6d', accent: '#22333b', label: 'Unicorns' },
    turns: [
      [
        HAMISH,
        'Welcome to the Edinburgh office, which is my home turf. Milo is on holiday, so we have Rowan from the research team and our guest, the food historian Kofi Mensah.',
      ],
      [ROWAN, 'Hi everyone!'],
      [KOFI, "Hello, it's a pleasure."],
      [HAMISH, "Let's start with a local one. The national animal of Scotland is the unicorn."],
      [PRIYA, 'A real country chose an imaginary animal? Brilliant!'],
      [HAMISH, 'It has been on the royal coat of arms for centuries, usually wearing a chain.'],
      [
        ROWAN,
        'Here is another. Edinburgh Castle sits on the plug of a volcano that erupted about 350 million years ago.',
      ],
      [
        DORA,
        "And every day except Sunday, a gun is fired from the castle at one o'clock, so ships could set their clocks.",
      ],
      [
        KOFI,
        'My fact is about the Victorians. Ice cream was sold on the street in little glass cups called penny licks.',
      ],
      [PRIYA, 'Did they wash the glasses?'],
      [
        KOFI,
        "Barely! You licked it clean and handed it back, and that's one reason London banned them in 1899.",
      ],
      [DORA, 'Lovely and disgusting. Thanks for listening!'],
    ],
  },
  {
    episode: '6',
    title: 'A Knighted Penguin',
    published: '2025-02-10T06:00:00Z',
    descriptionHtml:
      '<p>A one-off recording at the <strong>Fjordlys Radio Studio</strong> in Bergen with its host, ' +
      'Ingrid Solberg. Rain, a penguin called ' +
      '<a href="https://en.wikipedia.org/wiki/Nils_Olav">Sir Nils Olav</a>, a Christmas tree, and the ' +
      '<em>surprising</em> history of salmon sushi.</p>',
    presenters: [MILO, PRIYA, HAMISH, INGRID],
    venue: 5,
    image: { ext: 'png', background: '#bde0fe', accent: '#03045e', label: 'Penguin' },
    turns: [
      [
        MILO,
        "We're in a radio studio in Bergen, on the west coast of Norway. Dora couldn't travel, so we've borrowed the host of this studio, Ingrid Solberg.",
      ],
      [INGRID, 'Velkommen, and welcome! You picked a dry day, which is rare here.'],
      [PRIYA, 'Is it true that Bergen is one of the wettest cities in Europe?'],
      [
        INGRID,
        "It's true. It rains on more than 200 days in a typical year, so we all own very good coats.",
      ],
      [
        HAMISH,
        "My fact is about a penguin. Sir Nils Olav is a king penguin at Edinburgh Zoo, and he holds a rank in the Norwegian King's Guard.",
      ],
      [MILO, 'Wait, he was knighted?'],
      [HAMISH, "In 2008! There's even a statue of him."],
      [
        INGRID,
        'And every year since 1947, Oslo has sent a Christmas tree to London to say thank you for help during the war.',
      ],
      [
        PRIYA,
        "Here's mine. Salmon sushi wasn't common in Japan until Norwegian exporters promoted it in the 1980s.",
      ],
      [
        INGRID,
        'Before that, salmon was mostly eaten cooked there, because of worries about parasites.',
      ],
      [MILO, "That's amazing! Takk for listening!"],
    ],
  },
  {
    episode: '7',
    title: 'Lightning Round in Chicago',
    published: '2025-02-17T06:00:00Z',
    descriptionHtml:
      '<p>Our longest show yet, <strong>live</strong> at the Lakeshore Music Hall in Chicago. ' +
      'A river that runs backwards, the first <a href="https://en.wikipedia.org/wiki/Ferris_wheel">Ferris wheel</a>, ' +
      'who really invented the sundae, and a <em>lightning round</em> of facts from octopuses to Oxford.</p>',
    presenters: [DORA, MILO, PRIYA, HAMISH, TABITHA],
    venue: 6,
    live: true,
    image: { ext: 'jpg', background: '#457b9d', accent: '#f1faee', label: 'Lightning' },
    turns: [
      [
        DORA,
        "Good evening, Chicago! Welcome to a live Curious Haul at the Lakeshore Music Hall. I'm Dora, and I'm joined by Milo, Priya, Hamish and our researcher Tabitha.",
      ],
      [
        MILO,
        "It's great to be back in my home town. Let's begin with the name. Chicago probably comes from a local Native American word for a wild onion that grew along the river.",
      ],
      [PRIYA, 'So the whole city is named after a vegetable?'],
      [
        MILO,
        "A smelly one! And speaking of the river, every year on Saint Patrick's Day the city dyes it bright green. They've done it since 1962.",
      ],
      [
        HAMISH,
        "Here's a better river fact. In 1900, engineers reversed the Chicago River, so it flows away from the lake instead of into it.",
      ],
      [DORA, 'Why would you do that?'],
      [
        HAMISH,
        "Because the city's sewage was flowing into the lake, which is where the drinking water came from.",
      ],
      [PRIYA, 'And is it really the windiest city in America?'],
      [
        HAMISH,
        'Not even close. The nickname may have been about its boastful politicians, full of hot air, rather than the weather.',
      ],
      [
        TABITHA,
        "Mine is about the Ferris wheel. The very first one was built here for the World's Fair in 1893, and each car could carry about sixty people.",
      ],
      [PRIYA, "Sixty people in one car? That's not a car, that's a bus!"],
      [
        DORA,
        "Now, it's a hot night, so let's talk about ice cream. The town of Evanston, just north of here, says it invented the ice cream sundae.",
      ],
      [
        MILO,
        'The story goes that selling soda on a Sunday was frowned upon, so shops served the ice cream and syrup without the soda.',
      ],
      [
        DORA,
        "Okay, it's time for the lightning round. Every host gets one fact, as fast as possible. Priya, go!",
      ],
      [
        PRIYA,
        'An octopus has three hearts and blue blood, and one of those hearts stops beating when it swims.',
      ],
      [HAMISH, 'A day on Venus lasts longer than a year on Venus, because it spins so slowly.'],
      [
        TABITHA,
        'Sharks are older than trees. They were swimming around millions of years before the first forests grew.',
      ],
      [
        MILO,
        'Cleopatra lived closer in time to the Moon landing than to the building of the Great Pyramid.',
      ],
      [
        DORA,
        'And Oxford University was already teaching students before the Aztec city of Tenochtitlan was founded.',
      ],
      [PRIYA, 'How do you all remember these?'],
      [DORA, "We don't, we write them on our hands. Tabitha, do you have one last fact for us?"],
      [
        TABITHA,
        'I do. The Twinkie was invented near Chicago in 1930, and it was first filled with banana cream, not vanilla.',
      ],
      [
        MILO,
        'Banana! Then there was a banana shortage during the war, so they switched to vanilla, and it stuck.',
      ],
      [DORA, "Thank you, Chicago, you've been a wonderful audience. Goodnight!"],
    ],
  },
  {
    episode: '8',
    title: 'A Flamboyance of Facts',
    published: '2025-02-24T06:00:00Z',
    descriptionHtml:
      '<p>Back in our spare rooms, with researcher <strong>Rowan Pike</strong> in for Dora. ' +
      'What do you call a group of <a href="https://en.wikipedia.org/wiki/Flamingo">flamingos</a>? ' +
      'Why do koalas make <em>terrible suspects</em>? And how short was the shortest war?</p>',
    presenters: [MILO, PRIYA, HAMISH, ROWAN],
    venue: 2,
    image: { ext: 'png', background: '#ffafcc', accent: '#590d22', label: 'Flamingos' },
    turns: [
      [
        MILO,
        "Hello from our spare rooms! Dora's internet has given up, so Rowan is joining us instead.",
      ],
      [ROWAN, "Hi! I've got the good chair today."],
      [PRIYA, "Let's start with birds. A group of flamingos is called a flamboyance."],
      [HAMISH, "That's perfect. They're pink because of the shrimp and algae they eat."],
      [ROWAN, 'And a flamingo eats with its head upside down, filtering food through its beak.'],
      [MILO, 'Why do they stand on one leg, though?'],
      [HAMISH, 'Nobody is completely sure, but it might help them keep warm.'],
      [
        ROWAN,
        "Here's mine. Koalas have fingerprints so similar to ours that they could confuse a crime scene.",
      ],
      [MILO, 'Has that ever actually happened?'],
      [ROWAN, "Not that anyone can prove, but it's a great alibi for a koala."],
      [
        HAMISH,
        'My fact is about heat. The Eiffel Tower grows by up to 15 centimetres in summer, because the iron expands.',
      ],
      [PRIYA, 'Does it shrink again in winter?'],
      [HAMISH, 'It does, every single year.'],
      [
        MILO,
        'And the shortest war in history was between Britain and Zanzibar in 1896. It lasted about 38 minutes!',
      ],
      [PRIYA, "Thirty-eight minutes? I've had longer arguments about the washing up."],
      [MILO, "That's it for this week. Stay curious!"],
    ],
  },
  {
    episode: '9',
    title: 'The Orchid in Your Ice Cream',
    published: '2025-03-03T06:00:00Z',
    descriptionHtml:
      '<p>The season finale at <strong>The Haul HQ</strong>. Food historian Kofi Mensah returns with ' +
      'the story of <a href="https://en.wikipedia.org/wiki/Edmond_Albius">Edmond Albius</a> and the ' +
      '<em>vanilla orchid</em>; plus the truth about Napoleon and where the word robot comes from.</p>',
    presenters: [DORA, MILO, PRIYA, HAMISH, KOFI],
    venue: 1,
    image: { ext: 'png', background: '#fefae0', accent: '#bc6c25', label: 'Vanilla' },
    turns: [
      [
        DORA,
        'Welcome back to the London office for the last show of the season. Our favourite food historian, Kofi Mensah, is back!',
      ],
      [KOFI, 'Thank you. I brought a fact about the most popular ice cream flavour.'],
      [PRIYA, 'Vanilla?'],
      [
        KOFI,
        'Yes! Vanilla comes from the seed pod of an orchid, and each flower only opens for about a day.',
      ],
      [MILO, 'One day? That sounds stressful.'],
      [
        KOFI,
        'It was a real problem for growers outside Mexico, far from its natural pollinators. Then in 1841, a twelve-year-old boy called Edmond Albius, on the island of Réunion, found a way to pollinate the flowers by hand.',
      ],
      [HAMISH, "And people still use his method today, don't they?"],
      [KOFI, 'They do. Almost every vanilla pod in the world is pollinated by hand.'],
      [
        HAMISH,
        "Here's a small one. Napoleon wasn't actually short. He was about average height for a Frenchman of his time.",
      ],
      [PRIYA, 'So why does everyone think he was tiny?'],
      [HAMISH, 'Partly British cartoons, and partly confusion between French and English inches.'],
      [
        MILO,
        "My last fact of the season: the word robot comes from a Czech play from 1920, and it's related to a word for forced labour.",
      ],
      [DORA, "What a way to end! Thanks for listening, and we'll see you next season!"],
    ],
  },
];

/** A word of a script with the presenter who says it. */
export interface ScriptWord {
  text: string;
  speaker: number;
  /** The first word of a speaker's turn. */
  turnStart: boolean;
}

/** The words of an episode in speaking order, split on whitespace as the transcript has them. */
export function scriptWords(episode: EpisodeScript): ScriptWord[] {
  const words: ScriptWord[] = [];
  for (const [speaker, text] of episode.turns) {
    const parts = text.split(/\s+/).filter((part) => part !== '');
    parts.forEach((part, index) => words.push({ text: part, speaker, turnStart: index === 0 }));
  }
  return words;
}
