import { cityStateZip, DEFAULT_CLINIC, fullAddress, type ClinicDetails } from "../../shared/clinic";
import type { LegalKind } from "../../shared/legal";
import { toHtml, type LegalSection } from "../legal/seed-texts";
import type { SeedTranslations } from "./seed-translations";

/**
 * The seeded site in Spanish (issue 27, item 6): written for the clinic's Spanish-speaking patients
 * in Utah (neutral Latin American Spanish, "usted"), not word for word. Same keys, structure and
 * HTML tags as the English in seed-data.ts and ../legal/seed-texts.ts. Medical copy describes, it
 * does not promise, like the English. The clinic's name stays as it is (a proper name).
 */

const CLINIC_NAME = DEFAULT_CLINIC.name;

const PRIVACY_INTRO =
  "Este aviso describe cómo se puede usar y divulgar la información médica sobre usted, y cómo puede usted obtener acceso a esta información. Por favor, revíselo con atención.";

function privacySections(clinic: ClinicDetails): LegalSection[] {
  const CLINIC = clinic.name;
  const ADDRESS = fullAddress(clinic);
  return [
    {
      heading: "Nuestro compromiso con su privacidad",
      blocks: [
        `La información sobre su salud es personal, y ${CLINIC} se compromete a protegerla. Creamos un registro de la atención y los servicios que usted recibe de nosotros, y guardamos los datos que nos envía cuando pregunta por una cita.`,
        "La ley nos exige mantener la privacidad de su información médica protegida, entregarle este aviso sobre nuestras obligaciones legales y prácticas de privacidad, cumplir con el aviso que esté vigente y notificarle si alguna vez una violación de seguridad afecta su información médica no asegurada.",
      ],
    },
    {
      heading: "Cómo podemos usar y divulgar su información médica",
      blocks: [
        "Usamos y compartimos su información médica solo en la medida necesaria para los fines que se indican a continuación, y nunca compartimos más de lo necesario:",
        {
          list: [
            {
              term: "Tratamiento.",
              text: "Para brindarle, coordinar y administrar su atención, incluso con otros profesionales clínicos que participen en su tratamiento.",
            },
            {
              term: "Pago.",
              text: "Para facturar y cobrar los servicios que usted recibe, ya sea a usted o a una aseguradora u otro pagador.",
            },
            {
              term: "Operaciones de atención médica.",
              text: "Para administrar bien nuestra clínica: revisar la calidad de nuestra atención, capacitar a nuestro personal y cumplir con los requisitos de licencias y acreditación.",
            },
            {
              term: "Recordatorios de citas.",
              text: "Para recordarle una cita por teléfono o por correo electrónico, o por mensaje de texto si usted aceptó recibir mensajes de texto.",
            },
            {
              term: "Opciones de tratamiento.",
              text: "Para informarle sobre opciones o alternativas de tratamiento que puedan interesarle.",
            },
            {
              term: "Beneficios y servicios relacionados con la salud.",
              text: "Para informarle sobre beneficios o servicios relacionados con la salud que puedan interesarle.",
            },
          ],
        },
        "Nunca vendemos su información médica y no la usamos con fines de mercadeo sin su autorización por escrito. Cualquier otro uso o divulgación requiere su autorización por escrito, que usted puede revocar por escrito en cualquier momento.",
      ],
    },
    {
      heading: "Circunstancias especiales",
      blocks: [
        "En situaciones limitadas, la ley nos permite o nos exige compartir información médica sin su autorización; por ejemplo:",
        {
          list: [
            "cuando lo exija una ley federal, estatal o local;",
            "para actividades de salud pública, como prevenir enfermedades o informar sobre reacciones a medicamentos;",
            "a agencias de supervisión de la salud, para auditorías, inspecciones y trámites de licencias;",
            "en respuesta a una orden judicial, una citación u otro proceso legal;",
            "a funcionarios encargados de hacer cumplir la ley, en la medida en que la ley lo permita;",
            "para prevenir una amenaza grave para la salud o la seguridad de usted o de otras personas;",
            "para la compensación de trabajadores (workers' compensation) y programas similares.",
          ],
        },
      ],
    },
    {
      heading: "Sus derechos",
      blocks: [
        "Usted tiene derecho a:",
        {
          list: [
            "ver y obtener una copia de su expediente médico, en papel o en formato electrónico;",
            "pedirnos que corrijamos información médica que usted considere incorrecta o incompleta;",
            "pedirnos que limitemos lo que usamos o compartimos, y que no compartamos con su plan de salud la información sobre un servicio que usted pagó en su totalidad de su propio bolsillo;",
            "pedirnos que nos comuniquemos con usted de una manera determinada o en una dirección determinada, para mantener la confidencialidad de sus comunicaciones;",
            "recibir una lista de ciertas divulgaciones que hayamos hecho;",
            "recibir una copia en papel de este aviso en cualquier momento;",
            "elegir a alguien que actúe en su nombre, como un tutor legal o una persona con un poder legal para decisiones médicas.",
          ],
        },
        "Si usted cree que se han violado sus derechos de privacidad, puede presentar una queja ante nosotros o ante la Oficina de Derechos Civiles del Departamento de Salud y Servicios Humanos de los EE. UU. Nunca tomaremos represalias contra usted por presentar una queja.",
      ],
    },
    {
      heading: "Cómo protegemos su información",
      blocks: [
        "Usamos medidas de protección administrativas, físicas y técnicas para proteger su información médica, entre ellas:",
        {
          list: [
            {
              term: "Cifrado",
              text: "de la información enviada a través de nuestro sitio web y de los datos de salud que se guardan con ella.",
            },
            {
              term: "Controles de acceso",
              text: "para que solo el personal que necesita su información para hacer su trabajo pueda verla.",
            },
            { term: "Registros de auditoría", text: "que dejan constancia de quién vio o exportó información médica, y cuándo." },
            {
              term: "Evaluaciones de riesgos periódicas",
              text: "de nuestros sistemas y prácticas, con correcciones oportunas de lo que encuentren.",
            },
            { term: "Capacitación obligatoria del personal", text: "sobre privacidad y seguridad para cada miembro de nuestro equipo." },
          ],
        },
      ],
    },
    {
      heading: "Cambios a este aviso",
      blocks: [
        "Podemos cambiar los términos de este aviso, y los cambios se aplicarán a toda la información que tengamos sobre usted. El aviso vigente, con su fecha, siempre está disponible en nuestro sitio web y en nuestra clínica, y le daremos una copia si la solicita.",
      ],
    },
    {
      heading: "Comuníquese con nuestro Oficial de Privacidad",
      blocks: [
        `Si tiene preguntas sobre este aviso, desea ejercer alguno de sus derechos o quiere presentar una queja, comuníquese con nuestro Oficial de Privacidad (Privacy Officer) por teléfono al ${clinic.privacyOfficerPhone} o por correo postal a ${CLINIC}, Attn: Privacy Officer, ${ADDRESS}.`,
      ],
    },
  ];
}

function termsSections(clinic: ClinicDetails): LegalSection[] {
  const CLINIC = clinic.name;
  const ADDRESS = fullAddress(clinic);
  return [
    {
      heading: "1. Introducción",
      blocks: [
        `Estos Términos y Condiciones rigen el uso que usted haga del sitio web de ${CLINIC} y del formulario de solicitud que contiene. Al usar el sitio web o enviar una solicitud, usted acepta estos términos. Si no está de acuerdo con ellos, le pedimos que no use el sitio web.`,
      ],
    },
    {
      heading: "2. Cumplimiento de las normas de privacidad de la salud (HIPAA)",
      blocks: [
        "Manejamos la información médica que usted comparte con nosotros de acuerdo con la Ley de Portabilidad y Responsabilidad del Seguro Médico (Health Insurance Portability and Accountability Act, HIPAA) y con nuestra Política de Privacidad. La información que usted envía a través de nuestro sitio web se cifra durante su transmisión, se guarda de forma segura y solo la ve el personal que la necesita para responderle.",
      ],
    },
    {
      heading: "3. Comunicaciones",
      blocks: [
        "Cuando usted envía una solicitud, acepta que podamos comunicarnos con usted por teléfono o por correo electrónico en relación con ella. Solo enviamos mensajes de texto si usted aceptó recibirlos; pueden aplicarse tarifas de mensajes y datos, y usted puede responder STOP en cualquier momento para dejar de recibirlos.",
        "El correo electrónico y los mensajes de texto no siempre son seguros, por lo que le pedimos que no envíe por esos medios información urgente o muy delicada. Nuestro sitio web no está destinado a emergencias: si tiene una emergencia médica, llame al 911.",
      ],
    },
    {
      heading: "4. Citas y servicios",
      blocks: [
        "Enviar una solicitud no reserva una cita ni establece una relación de paciente con nosotros; nos comunicaremos con usted para confirmar un horario. El tratamiento se ofrece solo después de una consulta en la que un proveedor de atención médica decide si es adecuado para usted.",
        "Si necesita cancelar o cambiar su cita, avísenos con al menos 24 horas de anticipación para evitar posibles cargos.",
      ],
    },
    {
      heading: "5. Contenido del sitio web",
      blocks: [
        `El contenido de este sitio web es solo para información y educación general. No constituye consejo médico y no reemplaza una consulta con un proveedor de atención médica calificado. Los textos, las imágenes y el diseño pertenecen a ${CLINIC} o a sus licenciantes, y no pueden copiarse ni reutilizarse sin nuestro permiso por escrito.`,
      ],
    },
    {
      heading: "6. Usos prohibidos",
      blocks: [
        "Usted se compromete a no:",
        {
          list: [
            "usar el sitio web para ningún fin ilegal;",
            "enviar información falsa, ni información de otra persona sin su permiso;",
            "intentar obtener acceso no autorizado al sitio web o a sus sistemas, ni interferir con ellos;",
            "enviar código malicioso, spam o solicitudes automatizadas, ni copiar contenido por medios automatizados.",
          ],
        },
      ],
    },
    {
      heading: "7. Indemnización",
      blocks: [
        `Usted se compromete a indemnizar y a eximir de responsabilidad a ${CLINIC}, a sus proveedores, a su personal y a sus afiliados frente a cualquier reclamo, pérdida o gasto, incluidos los honorarios legales razonables, que se derive del incumplimiento de estos términos por parte de usted o del uso indebido que usted haga del sitio web.`,
      ],
    },
    {
      heading: "8. Limitación de responsabilidad",
      blocks: [
        `El sitio web se ofrece "tal cual". En la máxima medida que permita la ley, ${CLINIC} no será responsable de daños indirectos, incidentales o consecuentes que se deriven del uso que usted haga del sitio web o de la confianza que deposite en su contenido. Nada de lo dispuesto en estos términos limita ninguna responsabilidad que la ley no permita limitar, ni nuestras obligaciones profesionales con nuestros pacientes.`,
      ],
    },
    {
      heading: "9. Advertencias sobre la salud",
      blocks: [
        "La medicina regenerativa es un campo en evolución. Algunos usos de la terapia con células madre y de la terapia con ozono no han sido aprobados por la Administración de Alimentos y Medicamentos de los EE. UU. (FDA), no se garantiza ningún resultado en particular y los resultados varían de una persona a otra. Las historias de pacientes que aparecen en este sitio web describen experiencias individuales. Hable siempre con un proveedor de atención médica calificado antes de comenzar o cambiar un tratamiento.",
      ],
    },
    {
      heading: "10. Ley aplicable",
      blocks: [
        "Estos términos se rigen por las leyes del Estado de Utah, sin tener en cuenta sus normas sobre conflicto de leyes. Cualquier disputa que surja de ellos o del uso que usted haga de nuestro sitio web se resolverá en los tribunales estatales o federales ubicados en Utah.",
      ],
    },
    {
      heading: "11. Cambios a estos términos",
      blocks: [
        "Podemos actualizar estos términos de vez en cuando. Los términos actualizados entran en vigor cuando se publican aquí con una nueva fecha de vigencia; si usted sigue usando el sitio web después de esa fecha, significa que los acepta.",
      ],
    },
    {
      heading: "12. Comuníquese con nosotros",
      blocks: [
        `¿Tiene preguntas sobre estos términos? Llámenos al ${clinic.phone}, escríbanos a ${clinic.email} o envíenos una carta a ${CLINIC}, ${ADDRESS}.`,
      ],
    },
  ];
}

/** The authorization the inquiry form's HIPAA checkbox gives. */
function hipaaSections(clinic: ClinicDetails): LegalSection[] {
  const CLINIC = clinic.name;
  const ADDRESS = fullAddress(clinic);
  return [
    {
      heading: "Lo que usted autoriza",
      blocks: [
        `Al marcar la casilla de Autorización HIPAA de nuestro formulario de solicitud, usted autoriza a ${CLINIC} a usar y divulgar la información médica que envíe con su solicitud con el fin de responder a ella, tal como se describe a continuación.`,
      ],
    },
    {
      heading: "La información que abarca",
      blocks: [
        "Los datos que usted escribe en el formulario de solicitud: su nombre y sus datos de contacto, los servicios que le interesan, su disponibilidad y cualquier afección de salud que decida describir.",
      ],
    },
    {
      heading: "Quién puede usarla y para qué",
      blocks: [
        {
          list: [
            {
              term: "Quién.",
              text: `El personal de ${CLINIC} que responde las solicitudes y los proveedores de atención médica a quienes este consulte sobre su pregunta.`,
            },
            {
              term: "Para qué.",
              text: "Para responder a su solicitud: comunicarnos con usted, decirle si nuestros servicios podrían ser adecuados para usted y de qué manera, y programar una consulta si usted lo desea.",
            },
          ],
        },
        "No vendemos esta información ni la usamos con fines de mercadeo. No la divulgamos a nadie fuera de nuestra clínica, excepto según lo descrito en nuestra Política de Privacidad (Aviso de Prácticas de Privacidad) o según lo exija la ley.",
      ],
    },
    {
      heading: "Cuánto tiempo dura",
      blocks: ["Esta autorización vence un año después de que usted envíe su solicitud, o antes si usted la revoca."],
    },
    {
      heading: "Su derecho a revocarla",
      blocks: [
        `Usted puede revocar esta autorización en cualquier momento escribiendo a nuestro Oficial de Privacidad a ${CLINIC}, Attn: Privacy Officer, ${ADDRESS}, o llamando al ${clinic.privacyOfficerPhone}. La revocación no anula lo que hayamos hecho con base en la autorización antes de recibirla.`,
      ],
    },
    {
      heading: "Su decisión",
      blocks: [
        "No es obligatorio que firme esta autorización. Su tratamiento, el pago, su inscripción o su elegibilidad para recibir beneficios no dependen de ella; si no desea darla, llámenos por teléfono en lugar de usar el formulario de solicitud.",
        "La persona que reciba la información divulgada en virtud de esta autorización podría volver a divulgarla, y en ese caso es posible que la información ya no esté protegida por la ley federal de privacidad.",
        "Usted puede pedirnos una copia de esta autorización.",
      ],
    },
  ];
}

export const SEED_TRANSLATIONS_ES: SeedTranslations = {
  services: {
    "stem-cell-therapy": {
      title: "Terapia con células madre en Utah",
      shortDescription:
        "Tratamientos regenerativos con células madre que apoyan los procesos de reparación de su propio cuerpo en las articulaciones, los tejidos blandos y el dolor crónico.",
      description: [
        "La terapia con células madre aprovecha los mensajeros de reparación del propio cuerpo para apoyar la curación allí donde se ha estancado. En nuestra clínica de Millcreek, cada tratamiento comienza con una consulta completa, una revisión de su historial y de sus estudios de imagen, y una conversación honesta sobre lo que la atención regenerativa puede y no puede hacer por usted.",
        "Los tratamientos se realizan en nuestra clínica en condiciones estériles y suelen durar de una a dos horas. La mayoría de los pacientes retoman una actividad ligera en uno o dos días y notan cambios poco a poco durante los meses siguientes, a medida que el tejido responde.",
        "Combinamos el tratamiento con consejos prácticos sobre movimiento, alimentación y recuperación, y le damos seguimiento en cada etapa para que siempre sepa qué esperar a continuación.",
      ].join("\n\n"),
      imageAlt: "Ilustración de células madre dividiéndose",
      sections: [
        {
          kind: "overview",
          eyebrow: "Conozca la terapia con células madre",
          title: "¿Qué son las células madre?",
          text: "Las células madre son las células reparadoras del cuerpo. Pueden convertirse en muchos tipos de tejido y liberan señales que calman la inflamación y favorecen la curación. La terapia regenerativa coloca estas células donde el cuerpo necesita apoyo, para ayudarlo a repararse a sí mismo.",
        },
        {
          kind: "benefits",
          title: "Beneficios",
          items: [
            { title: "Antienvejecimiento", text: "Favorece una renovación saludable de los tejidos con el paso de los años." },
            { title: "Alivio del dolor", text: "Puede aliviar el dolor crónico de las articulaciones y de los tejidos blandos." },
            { title: "Regeneración de tejidos", text: "Favorece la reparación del cartílago, los tendones y los ligamentos." },
            { title: "Opción sin cirugía", text: "Una alternativa mínimamente invasiva a muchas cirugías." },
          ],
        },
        {
          kind: "conditions",
          title: "Afecciones comunes que tratamos",
          items: ["Dolor en las articulaciones", "Lesiones deportivas", "Dolor de espalda y de cuello", "Inflamación crónica"],
        },
        {
          kind: "steps",
          title: "El proceso de tratamiento",
          items: [
            {
              title: "Consulta",
              text: "Revisamos su historial, sus estudios de imagen y sus objetivos, y respondemos todas sus preguntas.",
            },
            { title: "Tratamiento", text: "El procedimiento dura de 1 a 2 horas en nuestra clínica." },
            { title: "Recuperación", text: "La mayoría de los pacientes retoman sus actividades normales en un plazo de 24 a 48 horas." },
            { title: "Resultados", text: "Las mejoras se van notando poco a poco durante 2 a 3 meses, a medida que el tejido sana." },
          ],
        },
        {
          kind: "cta",
          text: "¿No sabe si la terapia con células madre es adecuada para usted? Empiece con una conversación.",
          button: "Programe una consulta",
        },
      ],
    },
    "ozone-therapy": {
      title: "Terapia con ozono",
      shortDescription:
        "Tratamientos con ozono médico que pueden favorecer la circulación, el aprovechamiento del oxígeno y la respuesta del cuerpo a la inflamación.",
      description: [
        "El ozono médico es una mezcla de oxígeno y ozono medida con cuidado. En dosis controladas, se utiliza para favorecer la circulación, el aporte de oxígeno y la respuesta natural del cuerpo a la inflamación y a las infecciones.",
        "Según sus necesidades, el ozono puede aplicarse mediante una inyección en una articulación o en el tejido blando, o por otros métodos que se realizan en la clínica. Nuestro equipo médico define cada plan de tratamiento después de una consulta y lo revisa a medida que usted avanza.",
        "Las sesiones son cortas y la mayoría de las personas vuelven a sus actividades justo después. Le explicaremos cada paso, lo que podría sentir y cuántas sesiones se suelen recomendar según sus objetivos.",
      ].join("\n\n"),
      imageAlt: "Ilustración de una molécula de ozono con burbujas que suben",
      sections: [],
    },
    "prp-therapy": {
      title: "Terapia con plasma rico en plaquetas (PRP)",
      shortDescription:
        "Plaquetas concentradas de su propia sangre que se usan para apoyar la reparación de tendones, ligamentos y articulaciones.",
      description: [
        "El plasma rico en plaquetas se prepara a partir de una pequeña muestra de su propia sangre. Al centrifugar la muestra se concentran las plaquetas, que contienen factores de crecimiento que participan en la reparación natural de los tejidos.",
        "El PRP se usa con frecuencia en lesiones de tendones y ligamentos, molestias en las articulaciones y lesiones deportivas que tardan en sanar, ya sea solo o junto con otros tratamientos regenerativos. La visita completa suele durar alrededor de una hora.",
      ].join("\n\n"),
      imageAlt: "Ilustración de un tubo de muestra con las capas del plasma separadas",
      sections: [],
    },
    "iv-nutrient-therapy": {
      title: "Terapia intravenosa de nutrientes",
      shortDescription:
        "Vitaminas, minerales y líquidos que se administran directamente en el torrente sanguíneo para apoyar la hidratación, la energía y la recuperación.",
      description: [
        "La terapia intravenosa (IV) de nutrientes administra líquidos, vitaminas y minerales directamente en el torrente sanguíneo, de modo que el cuerpo dispone de ellos sin que tengan que pasar por la digestión.",
        "Nuestros profesionales clínicos revisan su historial de salud antes de recomendarle una fórmula, y usted descansa en un sillón cómodo durante la infusión, que dura de 30 a 60 minutos. La terapia intravenosa suele combinarse con tratamientos regenerativos para apoyar la recuperación.",
      ].join("\n\n"),
      imageAlt: "Ilustración de una bolsa de suero intravenoso con gotas",
      sections: [],
    },
  },

  news: {
    "what-regenerative-medicine-can-and-cannot-do": {
      title: "Lo que la medicina regenerativa puede (y no puede) hacer",
      summary:
        "Una guía en lenguaje sencillo sobre cómo funcionan los tratamientos con células madre, PRP y ozono, a quién pueden ayudar y qué preguntas conviene hacer antes de empezar.",
      content: [
        "<p>La medicina regenerativa es un conjunto de tratamientos que buscan apoyar los procesos de reparación del propio cuerpo, en lugar de reemplazarlos u ocultarlos. Es un campo prometedor, y también uno en el que la información clara y honesta es muy importante.</p>",
        "<h2>Cómo funcionan los tratamientos</h2>",
        "<p>Los tratamientos con células madre y con plasma rico en plaquetas (PRP) llevan células de señalización y factores de crecimiento a una zona donde la curación se ha vuelto más lenta. El ozono médico se utiliza para favorecer la circulación y la respuesta del cuerpo a la inflamación.</p>",
        "<h2>Quiénes pueden beneficiarse</h2>",
        "<ul><li>Personas con molestias en las articulaciones que quieren explorar opciones sin cirugía</li><li>Adultos activos con lesiones de tendones o ligamentos</li><li>Pacientes cuya recuperación se ha estancado</li></ul>",
        "<h2>Preguntas que conviene hacer</h2>",
        "<p>Pregunte qué resultados son realistas para su afección, cómo se medirá su progreso y cuál es el plan si no mejora. Una buena clínica recibe esas preguntas con gusto.</p>",
      ].join(""),
      thumbnailAlt: "Un libro abierto con la ilustración de una célula",
      metaTitle: "Lo que la medicina regenerativa puede y no puede hacer",
      metaDescription:
        "Una guía en lenguaje sencillo sobre los tratamientos con células madre, PRP y ozono: cómo funcionan, a quién pueden ayudar y qué preguntar antes de empezar.",
    },
    "ozone-therapy-chronic-pain-research": {
      title: "Nuevas investigaciones sobre la terapia con ozono y el dolor crónico",
      summary:
        "Los investigadores siguen estudiando las inyecciones de ozono médico para el dolor de espalda y de articulaciones. Aquí encontrará un enlace a los estudios publicados hasta ahora (en inglés).",
      content: null,
      thumbnailAlt: "Un microscopio junto a una molécula de ozono",
      metaTitle: "Terapia con ozono y dolor crónico: investigaciones actuales",
      metaDescription:
        "Un enlace a investigaciones publicadas sobre las inyecciones de ozono médico para el dolor de espalda y de articulaciones.",
    },
    "preparing-for-your-first-consultation": {
      title: "Cómo prepararse para su primera consulta",
      summary: "Qué traer, qué le preguntaremos y cómo aprovechar al máximo su primera visita a nuestra clínica de Millcreek.",
      content: [
        "<p>Su primera consulta es una conversación. Queremos conocer su historial, sus objetivos y lo que ya ha probado.</p>",
        "<h2>Qué traer</h2>",
        "<ul><li>Una lista de los medicamentos y suplementos que toma actualmente</li><li>Los informes de sus estudios de imagen recientes (radiografías, resonancia magnética) o el nombre del centro donde se encuentran</li><li>Sus preguntas: anótelas para que no se le olvide ninguna</li></ul>",
        "<h2>Qué sigue después</h2>",
        "<p>Si un tratamiento regenerativo es adecuado para usted, le explicaremos el plan, los plazos previstos y el costo antes de programar cualquier cosa. Si no lo es, se lo diremos y le sugeriremos otras opciones.</p>",
      ].join(""),
      thumbnailAlt: "Una persona estirándose en un sendero de montaña al amanecer",
      metaTitle: "Cómo prepararse para su primera consulta de medicina regenerativa",
      metaDescription: "Qué traer, qué le preguntaremos y cómo aprovechar al máximo su primera visita a nuestra clínica.",
    },
  },

  team: {
    "Dr. Elena Marsh, MD": {
      role: "Directora médica",
      bio: "La Dra. Marsh ha ejercido la medicina deportiva y regenerativa en el Salt Lake Valley durante más de quince años. Dirige cada plan de tratamiento en la clínica y cree en una evaluación cuidadosa, explicaciones claras y metas realistas.",
    },
    "James Okafor, FNP-C": {
      role: "Enfermero practicante de familia",
      bio: "James tiene experiencia en ortopedia y en atención de urgencias. Acompaña a los pacientes durante las terapias con ozono y las terapias intravenosas, y se asegura de responder todas sus preguntas antes de comenzar el tratamiento.",
    },
    "Sofia Tran": {
      role: "Coordinadora de atención al paciente",
      bio: "Sofia es la voz amable que le atiende cuando usted llama. Coordina las consultas, las citas de seguimiento y los trámites para que sus visitas sean sencillas y sin estrés.",
    },
  },

  content: {
    "home/hero/title": "Atención regenerativa en el corazón de Millcreek",
    "home/hero/subtitle":
      "Terapias con células madre y con ozono guiadas por profesionales clínicos con experiencia, para ayudar a su cuerpo a hacer lo que mejor sabe hacer: sanar.",
    "home/welcome/title": `Bienvenidos a ${CLINIC_NAME}`,
    "home/welcome/paragraph1":
      "Somos una clínica de bienestar regenerativo en Millcreek, Utah, dedicada a ayudar a las personas a moverse, recuperarse y sentirse mejor con tratamientos que trabajan con los procesos de curación naturales del cuerpo.",
    "home/welcome/paragraph2":
      "Cada plan empieza por escuchar. Nos tomamos el tiempo de entender su historial y sus metas, le explicamos sus opciones con palabras claras y estamos a su lado desde la primera consulta hasta su última cita de seguimiento.",
    "about/mission/title": "Nuestra misión",
    "about/mission/paragraph1":
      "Nuestra misión es ofrecer una atención regenerativa cuidadosa y fundamentada en la evidencia, en un entorno donde los pacientes se sientan escuchados, informados y respetados.",
    "about/mission/paragraph2":
      "Creemos que la buena atención es personal. Eso significa tiempo para conversar de verdad, explicaciones claras de lo que implica cada tratamiento y expectativas honestas sobre los resultados.",
    "about/mission/paragraph3":
      "Con raíces en la comunidad de Millcreek, nos enorgullece atender a vecinos de todo el Salt Lake Valley y de más allá.",
    "about/approach/title": "Nuestro enfoque",
    "about/approach/content":
      "Vemos a la persona en su totalidad: cuerpo, mente y vida diaria. Primero hacemos una consulta completa y luego un plan que puede combinar tratamientos regenerativos con orientación sobre movimiento, alimentación y descanso. Medimos juntos su progreso y ajustamos el plan a medida que usted sana.",
    "services/hero/title": "Nuestros servicios",
    "services/hero/subtitle": "Tratamientos regenerativos adaptados a usted y brindados con esmero en nuestra clínica de Millcreek.",
    "footer/description/text": `<p>En ${CLINIC_NAME} creemos en un enfoque plenamente regenerativo de la salud y el bienestar, que atiende las necesidades del cuerpo, la mente y el espíritu.</p>`,
    "home/cta/title": "¿Quiere comenzar su camino hacia el bienestar?",
    "home/cta/text": "Cuéntenos un poco sobre sus metas y nos comunicaremos con usted en un plazo de 24 horas para planear su consulta.",
    "news/hero/eyebrow": "Noticias e investigación",
    "news/hero/title": "Últimas noticias y novedades",
    "news/hero/intro": "Investigaciones, noticias de la clínica y guías prácticas de nuestro equipo.",
    "news/articleCta/title": "¿Tiene preguntas sobre la atención regenerativa?",
    "news/articleCta/text": "Nuestro equipo con gusto hablará con usted sobre sus opciones.",
    "contact/hero/eyebrow": "Contacto",
    "contact/hero/title": "Haga una cita",
    "contact/hero/intro": "Envíenos algunos datos y un miembro de nuestro equipo se comunicará con usted en un plazo de 24 horas.",
    "contact/hero/responsePromise": "Respondemos en un plazo de 24 horas",
    "contact/hero/confidential": "Sus datos se mantienen confidenciales",
    "contact/hero/callPrompt": "¿Prefiere hablarlo por teléfono?",
    "contact/form/title": "Escríbanos hoy",
    "contact/details/title": "Comuníquese con nosotros",
    "contact/details/intro": "¿Tiene preguntas antes de hacer su cita? Con gusto le ayudamos.",
    "home/hero/eyebrow": "Millcreek, Utah",
    "home/hero/bookButton": "Haga una cita",
    "home/hero/browseButton": "Conozca nuestros servicios",
    "home/welcome/eyebrow": "Bienvenidos",
    "home/welcome/link": "Conozca más sobre nuestro enfoque",
    "home/services/eyebrow": "Tratamientos",
    "home/services/title": "Nuestros servicios",
    "home/services/intro": "Tratamientos regenerativos pensados para usted y brindados con esmero.",
    "home/services/button": "Reserve su servicio",
    "home/testimonials/eyebrow": "Testimonios",
    "home/testimonials/title": "Lo que dicen nuestros pacientes",
    "home/testimonials/intro": "Experiencias compartidas por pacientes de todo el Salt Lake Valley.",
    "home/cta/bookButton": "Programe su cita",
    "home/cta/contactButton": "Contáctenos",
    "about/heading/title": `Acerca de ${CLINIC_NAME}`,
    "about/heading/intro":
      "Una clínica de bienestar regenerativo en Millcreek, Utah, basada en escuchar, explicar con claridad y brindar una atención que cuida a la persona en su totalidad.",
    "about/mission/eyebrow": "Quiénes somos",
    "about/insights/title": "Perspectivas culturales sobre el bienestar",
    "about/insights/intro":
      "Las tradiciones de bienestar influyen en la manera en que cada uno de nosotros sana. Elija un idioma para leer algunas reflexiones de nuestro equipo de atención.",
    "about/team/eyebrow": "Nuestra gente",
    "about/team/title": "Nuestro equipo",
    "about/team/intro":
      "Profesionales clínicos con experiencia y un equipo de atención amable que se toma el tiempo de conocer a cada paciente.",
    "about/approach/eyebrow": "Cómo trabajamos",
    "about/approach/button": "Conozca nuestro enfoque",
    "services/detail/bookButton": "Reserve este servicio",
    "services/detail/allButton": "Ver todos los servicios",
    "news/list/loadMore": "Cargar más artículos",
    "news/article/backLink": "Volver a Noticias",
    "news/article/sourceButton": "Ver la fuente original",
    "news/article/relatedTitle": "Artículos relacionados",
    "news/articleCta/contactButton": "Contáctenos",
    "news/articleCta/bookButton": "Programe una consulta",
    "contact/details/followTitle": "Síganos",
    "contact/map/title": "Encuéntrenos",
  },

  imageAlts: {
    "home/hero/background": "Las montañas Wasatch al amanecer sobre el Salt Lake Valley",
    "about/mission/image": "Una sala de tratamiento luminosa con vista a las montañas",
    "services/hero/background": "Ondas abstractas suaves en tonos verde azulado y verde salvia",
    "contact/map/image": `Mapa que muestra la clínica en Highland Drive, ${cityStateZip(DEFAULT_CLINIC)}`,
  },

  legal(clinic: ClinicDetails): Record<LegalKind, { html: string }> {
    return {
      privacy: { html: toHtml(PRIVACY_INTRO, privacySections(clinic)) },
      terms: { html: toHtml(undefined, termsSections(clinic)) },
      hipaa: { html: toHtml(undefined, hipaaSections(clinic)) },
    };
  },
};
