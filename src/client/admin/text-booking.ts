/**
 * The booking screens' words (issue 38): the calendar and availability. None is in the spec; written in
 * the clinic office's words. The statuses' names are the calendar's; the feed's own words (its events'
 * "Requested" and "Booked") are the server's (src/server/services/booking-feed.ts).
 */
const minutesText = (minute: number) => {
  const h = Math.floor(minute / 60) % 24;
  const m = minute % 60;
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, "0")} ${h < 12 ? "AM" : "PM"}`;
};

export const BK = {
  calendar: {
    subtitle: "Requests and booked times, in the clinic's time zone. Open a request's inquiry on the desk to see who asked.",
    day: "Day",
    week: "Week",
    views: "View",
    date: "Date",
    whose: "Calendar of",
    clinicians: "Clinicians",
    resources: "Rooms and devices",
    previous: "Previous",
    next: "Next",
    today: "Today",
    empty: "No bookings.",
    closed: "Closed all day",
    open: (stretches: Array<{ startMinute: number; endMinute: number }>) =>
      `Open ${stretches.map((s) => `${minutesText(s.startMinute)} – ${minutesText(s.endMinute)}`).join(", ")}; the rest is blocked`,
    nothingToShow: "No clinician or room is bookable yet. An administrator sets them up under Availability.",
    ownOnly: "Your account sees your own calendar.",
    timeZone: (zone: string) => `Times in ${zone}`,
    service: (title: string | undefined) => title ?? "A service no longer bookable",
    openInquiry: "Open the inquiry",
    confirm: "Confirm",
    decline: "Decline",
    cancel: "Cancel booking",
    move: "Move",
    attended: "Attended",
    noShow: "No-show",
    confirmed: "Booking confirmed",
    declined: "Request declined",
    cancelled: "Booking cancelled",
    moved: "Booking moved",
    marked: "Booking marked",
    failed: "The booking could not be changed",
    cancelQuestion: "Cancel this booking? Its time becomes free again.",
    declineTitle: "Decline the request",
    declineMessage: "Message to the visitor (optional)",
    moveTitle: "Move the booking",
    moveStart: "New start (clinic time)",
    keep: "Keep it",
    status: {
      requested: "Requested",
      confirmed: "Confirmed",
      declined: "Declined",
      cancelled: "Cancelled",
      attended: "Attended",
      no_show: "No-show",
    } as Record<string, string>,
    bookingLabel: (time: string, status: string, service: string) => `${time}, ${status}: ${service}`,
  },
  feed: {
    title: "Calendar feed",
    text: 'Subscribe to this clinician\'s bookings in a calendar app. The address is secret: it shows only "Requested" or "Booked" and the time, never who.',
    create: "Create feed address",
    renew: "New address",
    revoke: "Revoke",
    revokeQuestion: "Revoke the feed address? Calendars subscribed to it stop updating.",
    created: "Feed address created",
    revoked: "Feed address revoked",
    failed: "The feed could not be changed",
    copyHint: "Copy it now: it is shown only once.",
    active: "A feed address exists.",
    none: "No feed address.",
  },
  service: {
    title: "Online booking",
    intro: "Whether visitors may pick a time for this service on its Book page, and how its times are made.",
    bookable: "Visitors can book a time online",
    duration: "Length (minutes)",
    interval: "A time starts every (minutes)",
    bufferBefore: "Buffer before (minutes)",
    bufferAfter: "Buffer after (minutes)",
    minNotice: "Minimum notice (minutes)",
    daysAhead: "How far ahead (days)",
    clinicians: "Clinicians who give it",
    resource: "Room or device it needs",
    noResource: "None",
    requiresConfirmation: "Staff confirm each request (the time is held until confirmed or declined)",
    lateCancel: "Late-cancel window (hours): inside it, the visitor is told to call",
    save: "Save booking settings",
    saved: "Booking settings saved",
    failed: "The booking settings could not be saved",
    loadFailed: "The booking settings could not be loaded.",
  },
  minutesText,
} as const;
