import type { Words } from "../parts";

/** The services words of the es catalogue (catalogue/parts.ts says which page loads them). */
export const WORDS = {
  T: {
    services: {
      notFoundTitle: "Servicio no encontrado",
      notFoundText: "No pudimos encontrar el servicio que busca. Verifique la dirección (URL) o consulte nuestra página de servicios.",
      loadError: "No se pudieron cargar los servicios. Inténtelo de nuevo más tarde.",
    },
  },
  TH: {
    services: {
      cardLink: "Más información",
      cardLinkAbout: (title: string) => ` sobre ${title}`,
      loading: "Cargando servicios",
      empty: "Pronto publicaremos aquí nuestros tratamientos. Comuníquese con nosotros para preguntar por un servicio.",
      detailLoading: "Cargando el servicio",
      stepLabel: (n: number) => `Paso ${n}`,
      /** Above a draft service that signed-in staff open at its public address. */
      previewBanner: "Vista previa: no es pública",
      previewExplain:
        "Solo el personal con sesión iniciada ve esta página. Los visitantes verán Página no encontrada hasta que el servicio se publique.",
    },
  },
  TS: {
    servicesTitle: "Tratamientos y servicios regenerativos",
    servicesDescription:
      "Terapia con células madre, terapia con ozono y otros tratamientos regenerativos en Millcreek, Utah, " +
      "cada uno planeado para usted después de una consulta sin prisas.",
    stemCellTitle: "Terapia con células madre en Utah",
    stemCellDescription:
      "Terapia con células madre sin cirugía en Millcreek, Utah, para el dolor en las articulaciones, las lesiones " +
      "deportivas, el dolor de espalda y de cuello y la inflamación crónica. Conozca cómo funciona el tratamiento " +
      "y programe una consulta.",
    serviceNotFoundDescription: "No pudimos encontrar el servicio que busca. Vea todos nuestros tratamientos regenerativos.",
  },
  D: {
    SERVICES_HERO: {
      title: "Nuestros servicios",
      subtitle: "Tratamientos regenerativos adaptados a usted y brindados con esmero en nuestra clínica de Millcreek.",
    },
    SERVICE_DETAIL: { bookButton: "Reserve este servicio", allButton: "Ver todos los servicios" },
  },
} satisfies Words;
