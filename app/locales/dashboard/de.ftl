# Die eigenen Texte des Dashboards und der Anmeldeseite (DESIGN 2.9), Deutsch.
# Jede Nachricht hat die ID und die Platzhalter der englischen Datei.

## ui/admin/audit_log.rs
page-not-found = Seite nicht gefunden
there-is-nothing-at-this-address = Unter dieser Adresse gibt es im Dashboard nichts.
audit-log = Protokoll
no-entries-match = Keine Einträge gefunden.
n-1-entry = 1 Eintrag.
logins-account-and-settings-changes-and = Anmeldungen, Änderungen an Konten und Einstellungen sowie Datenexporte. Zeiten in UTC.
action = Aktion
any-action = Alle Aktionen
user = Benutzer
anyone = Alle
outcome = Ergebnis
any-outcome = Alle Ergebnisse
success = Erfolg
failure = Fehlschlag
from = Von
to = Bis
filter = Filtern
export-csv = Als CSV exportieren
audit-log-entries = Protokolleinträge
audit-log-entries-newest-first = Protokolleinträge, neueste zuerst
time = Zeit
target = Ziel
ip-address = IP-Adresse
pages = Seiten
previous-page = Vorherige Seite
next-page = Nächste Seite

## ui/admin/forms.rs
time-zone = Zeitzone
hosts = Gastgeber

## ui/admin/event_editor/notifications.rs
a-time-is-booked-or-you = Ein Termin wird gebucht (oder Sie bestätigen eine Anfrage)
before-the-meeting = Vor dem Termin
the-attendee-cancels = Der Teilnehmer sagt ab
you-cancel = Sie sagen ab
the-attendee-moves-the-time = Der Teilnehmer verschiebt den Termin
you-move-the-time = Sie verschieben den Termin
a-booking-awaits-your-confirmation-events = Eine Buchung wartet auf Ihre Bestätigung (bei Terminarten, die sie verlangen)
the-host-declines-a-request = Der Gastgeber lehnt eine Anfrage ab
moment-to-host = { $moment }; an Sie (den Gastgeber).
moment-to-attendee = { $moment }; an den Teilnehmer.
send-this-email = Diese E-Mail senden
subject = Betreff
message = Nachricht
blind-copies-to = Blindkopien an
addresses-separated-by-commas = Adressen durch Kommas getrennt.
reminder-times = Erinnerungszeiten
before-the-start-such-as-15 = Vor dem Beginn, etwa „15 minutes, 1 day“.
save = Speichern
back-to-all-emails = Zurück zu allen E-Mails
emails-this-event-sends = E-Mails dieser Terminart
when = Wann
sent = Gesendet
actions = Aktionen
you = Sie
the-attendee-2 = Teilnehmer
on = An
off = Aus
edit = Bearbeiten
the-sender-reply-to-address-and = Absender, Antwortadresse und Fußzeile legen Sie fest unter
settings-email = Einstellungen, E-Mail

## ui/admin/event_editor/webhooks.rs
webhook-added-its-signing-secret-shown = Webhook hinzugefügt. Sein Signaturgeheimnis, nur jetzt angezeigt:
every-delivery-is-signed-with-it = Jede Zustellung wird damit signiert (Header webhook-id, webhook-timestamp, webhook-signature).
no-webhooks-yet = Noch keine Webhooks.
active = Aktiv
paused = Pausiert
send-test = Test senden
pause = Pausieren
resume = Fortsetzen
remove = Entfernen
delivery-log = Zustellprotokoll
trigger = Auslöser
http-status = HTTP-Status
result = Ergebnis
no-deliveries-yet = Noch keine Zustellungen.
delivered = Zugestellt
failed = Fehlgeschlagen
add-webhook = Webhook hinzufügen
url = URL
name-optional = Name (optional)
send-when = Senden bei

## ui/admin/event_editor/mod.rs
there-is-no-such-event = Diese Terminart gibt es nicht.
test-delivery-queued-it-shows-in = Testzustellung eingereiht. Sie erscheint in wenigen Sekunden im Zustellprotokoll: Laden Sie die Seite neu, um sie zu sehen.
webhook-paused = Webhook pausiert.
webhook-resumed = Webhook fortgesetzt.
webhook-removed = Webhook entfernt.
back-to-the-calendar = Zurück zum Kalender
event = Terminart
open-the-booking-page = Buchungsseite öffnen
event-settings = Einstellungen der Terminart
saved = Gespeichert.

## ui/admin/event_editor/details.rs
title = Titel
duration = Dauer
description = Beschreibung
colour = Farbe
seats-per-time = Plätze pro Termin
status = Status
active-bookable = Aktiv: buchbar
draft-hidden = Entwurf: verborgen
update-hosts = Gastgeber aktualisieren
place-or-title = Ort oder Titel
in-person-at-your-address-and = Persönlich bei Ihnen, und eine weitere Möglichkeit.
address-or-details = Adresse oder Angaben
in-person-at-your-address-required = Persönlich bei Ihnen (Pflicht), und eine weitere Möglichkeit.
your-phone-number = Ihre Telefonnummer
when-the-attendee-calls-you = Wenn der Teilnehmer Sie anruft.
meeting-link = Besprechungslink
for-an-online-meeting-empty-sent = Für ein Online-Treffen; leer: wird später gesendet.
location = Ort
another-location = Weiterer Ort
choose-a-kind-to-offer-one = Wählen Sie eine Art, um eine weitere Möglichkeit des Treffens anzubieten; bei mehreren wählt der Teilnehmer beim Buchen eine aus. „Keiner“ entfernt einen Ort.
where = Wo

## ui/admin/event_editor/fields.rs
the-booking-form-asks-these-in = Das Buchungsformular fragt diese Felder in dieser Reihenfolge ab. Die beiden Gründe werden erfragt, wenn ein Teilnehmer absagt oder verschiebt.
hidden = Verborgen
required = Pflicht
optional = Optional
move-up = Nach oben
move-down = Nach unten
add-field = Feld hinzufügen
label = Beschriftung
type = Typ
options = Optionen
for-dropdown-radio-buttons-checkboxes-and = Für Auswahlliste, Optionsfelder, Kontrollkästchen und Mehrfachauswahl: eine Option pro Zeile.
one-choice-per-line = Eine Option pro Zeile.
every-booking-needs-this-field-it = Jede Buchung braucht dieses Feld: Es wird immer angezeigt und ist Pflicht.
shown-on-the-form = Im Formular anzeigen
back-to-the-fields = Zurück zu den Feldern

## ui/admin/event_editor/links.rs
a-private-link-lets-whoever-has = Mit einem privaten Link kann jeder, der ihn hat, diese Terminart buchen, so oft er es erlaubt und bis er abläuft. Eine geheime Terminart (Reiter Erweitert) ist nur über einen solchen Link buchbar.
uses = Verwendungen
expires = Läuft ab
create-private-link = Privaten Link erstellen
no-private-links-yet = Noch keine privaten Links.
revoked = Widerrufen
used-up = Aufgebraucht
no-end = Kein Ablauf
revoke = Widerrufen

## ui/admin/event_editor/limits.rs
minimum-notice = Mindestvorlauf
how-long-before-a-time-it = Wie lange vor einem Termin er noch gebucht werden kann.
buffer-before = Puffer davor
free-time-kept-before-each-booking = Freie Zeit vor jeder Buchung.
buffer-after = Puffer danach
free-time-kept-after-each-booking = Freie Zeit nach jeder Buchung.
slot-interval = Taktung
minutes-between-start-times-empty-the = Minuten zwischen Startzeiten; leer: die Dauer der Terminart.
times-in-minutes-the-booking-window = Zeiten in Minuten, das Buchungsfenster in Tagen.
booking-window-days = Buchungsfenster (Tage)
how-many-days-ahead-can-be = Wie viele Tage im Voraus gebucht werden kann.
time-zone-of-the-booking-page = Zeitzone der Buchungsseite
show-times-in-one-zone-only = Zeiten nur in einer Zeitzone anzeigen (Teilnehmer können sie nicht ändern)
locked-time-zone = Feste Zeitzone
per-day = Pro Tag
per-week = Pro Woche
per-month = Pro Monat

## ui/admin/event_editor/payment.rs
payments-are-switched-off-for-this = Zahlungen sind für diese Website ausgeschaltet: Buchungen bleiben kostenlos, bis sie eingeschaltet werden.
the-currency-and-number-format-are = Währung und Zahlenformat legen Sie fest unter
settings-payments = Einstellungen, Zahlungen
bookings-of-this-event-take-payment = Buchungen dieser Terminart sind kostenpflichtig.
bookings-of-this-event-are-free = Buchungen dieser Terminart sind kostenlos: Es wird keine Zahlung verlangt.
take-payment-for-bookings = Zahlung für Buchungen verlangen
attendees-pay-offline-you-mark-bookings = Teilnehmer zahlen außerhalb (Sie markieren Buchungen als bezahlt)
price-name = Preisbezeichnung
this-event-has-a-price-per = Diese Terminart hat einen Preis je Dauer (über die REST-API festgelegt); er gilt statt dieses Preises.
how-to-pay = Zahlungsweise
shown-to-attendees-on-the-booking = Wird Teilnehmern im Buchungsformular angezeigt, etwa Bankverbindung oder „Zahlung am Empfang“.

## ui/admin/event_editor/advanced.rs
allowed = Erlaubt
any-time-before-the-start = Jederzeit vor dem Beginn
only-until-a-time-before-the = Nur bis zu einer Zeit vor dem Beginn
never = Nie
up-to-this-long-before = Bis so lange vorher
unit = Einheit
requires-confirmation-bookings-wait-for-the = Bestätigung nötig: Buchungen warten, bis der Gastgeber sie bestätigt
attendees-may-cancel = Teilnehmer dürfen absagen
attendees-may-reschedule = Teilnehmer dürfen verschieben
several-durations = Mehrere Dauern
let-the-attendee-choose-the-duration = Der Teilnehmer wählt die Dauer
durations-minutes = Dauern (Minuten)
default-duration = Standarddauer
series = Serie
allow-recurring-bookings = Wiederkehrende Buchungen erlauben
repeat-every = Wiederholen alle
unit-of-the-repeat = Einheit der Wiederholung
maximum-occurrences = Höchstzahl der Termine
always-book-the-maximum-attendees-do = Immer die Höchstzahl buchen (Teilnehmer wählen nicht)
who-may-book = Wer buchen darf
hold-minutes = Reservierungsminuten
a-chosen-time-is-kept-for = Ein gewählter Termin wird für den Besucher freigehalten, während er das Formular ausfüllt; 0: nicht freigehalten.
bookings-per-attendee = Buchungen pro Teilnehmer
upcoming-bookings-one-email-address-may = Bevorstehende Buchungen, die eine E-Mail-Adresse haben darf; leer: keine Grenze.
secret-event-bookable-only-through-a = Geheime Terminart: nur über einen privaten Link buchbar
allow-agents-to-book = Agenten dürfen buchen
enable-waitlist = Warteliste einschalten
offer-minutes = Angebotsminuten
visitors-may-wait-for-a-taken = Besucher können auf einen vergebenen Termin warten. Wird ein Platz frei, erhält der Erste in der Reihe eine E-Mail, und der Platz wird für die Angebotsminuten für ihn freigehalten.
allowed-email-domains = Erlaubte E-Mail-Domains
example-com = example.com
blocked-email-domains = Gesperrte E-Mail-Domains
video-link-template = Vorlage für Videolinks

## ui/admin/event_editor/availability.rs
hours = Zeiten
its-own-hours-below = Eigene Zeiten (unten)
use = Verwenden
the-event-has-its-own-hours = Die Terminart hat eigene Zeiten. Wiederverwendbare Zeitpläne legen Sie unter Verfügbarkeit an.
why-is-this-time-not-offered = Warum wird dieser Termin nicht angeboten?
date = Datum
explain = Erklären
offered = Angeboten

## ui/admin/reports.rs
reports = Berichte
utc-days = (Tage in UTC)
period = Zeitraum
show = Anzeigen
recent-activity = Letzte Aktivitäten
nothing-yet = Noch nichts.
see-these-bookings = Diese Buchungen ansehen
bookings-over-time = Buchungen im Zeitverlauf
chart = Diagramm
show-the-numbers = Zahlen anzeigen
bookings-over-time-as-numbers = Buchungen im Zeitverlauf, als Zahlen

## ui/admin/security.rs
back-to-settings = Zurück zu den Einstellungen
security = Sicherheit
session-has-been-ended = Die Sitzung wurde beendet.
other-sessions-have-been-ended = Die anderen Sitzungen wurden beendet.
application-password-has-been-revoked = Das Anwendungspasswort wurde widerrufen.
two-factor-authentication = Zwei-Faktor-Authentifizierung
manage-two-factor-authentication = Zwei-Faktor-Authentifizierung verwalten
set-up-two-factor-authentication = Zwei-Faktor-Authentifizierung einrichten
sessions = Sitzungen
where-you-are-logged-in-to = Wo Sie im Dashboard angemeldet sind. Beenden Sie jede Sitzung, die Sie nicht kennen.
browser = Browser
last-seen = Zuletzt aktiv
this-session = Diese Sitzung
end-session = Sitzung beenden
end-all-other-sessions = Alle anderen Sitzungen beenden
application-passwords = Anwendungspasswörter
for-integrations-that-call-the-rest = Für Integrationen, die die REST-API mit HTTP Basic aufrufen. Jedes wird einmal angezeigt; widerrufen Sie eines, um es sofort auszusperren.
copy-it-now-it-is-not = Kopieren Sie es jetzt: Es wird nicht noch einmal angezeigt.
none-yet = Noch keine.
name = Name
created = Erstellt
last-used = Zuletzt verwendet
create-application-password = Anwendungspasswort erstellen

## ui/admin/bookings.rs
bookings = Buchungen
times-in = Zeiten in
no-bookings-match = Keine Buchungen gefunden.
booking-lists = Buchungslisten
calendar = Kalender
all-calendars = Alle Kalender
all-events = Alle Terminarten
attendee = Teilnehmer
name-or-email = Name oder E-Mail
select = Auswählen
payment = Zahlung
with-the-selected-bookings = Mit den ausgewählten Buchungen
confirm-selected = Ausgewählte bestätigen
reason-for-cancelling = Grund der Absage
cancel-selected = Ausgewählte absagen
previous = Zurück
next = Weiter
## ui/admin/in_place.rs
unsaved-changes = Ungespeicherte Änderungen

## ui/admin/external_calendars.rs
connected-calendars = Verbundene Kalender
times-you-are-busy-in-these = Zeiten, in denen Sie in diesen Kalendern belegt sind, werden Teilnehmern nicht angeboten, und Ihre Buchungen können in einen davon eingetragen werden.
passwords-and-secret-feed-addresses-are = Passwörter und geheime Feed-Adressen werden verschlüsselt gespeichert und nie wieder angezeigt.
calendar-has-been-connected = Der Kalender wurde verbunden.
calendar-has-been-synced = Der Kalender wurde synchronisiert.
calendar-connection-has-been-deleted = Die Kalenderverbindung wurde gelöscht.
not-synced-yet = Noch nicht synchronisiert
your-calendars = Ihre Kalender
no-calendar-is-connected-yet-connect = Noch ist kein Kalender verbunden. Verbinden Sie unten einen.
do-not-add-bookings-to-any = Buchungen in keinen dieser Kalender eintragen
save-choices = Auswahl speichern
ics-feed = ICS-Feed
caldav-account = CalDAV-Konto
working = Funktioniert
not-reachable = Nicht erreichbar
check-for-conflicts = Auf Überschneidungen prüfen
add-bookings-to-this-calendar = Buchungen in diesen Kalender eintragen
sync-now = Jetzt synchronisieren
disconnect = Trennen
connect-calendar = Kalender verbinden
kind = Art
caldav-account-icloud-fastmail-nextcloud-and = CalDAV-Konto: iCloud, Fastmail, Nextcloud und andere (belegte Zeiten und Ihre Buchungen)
ics-feed-a-secret-calendar-address = ICS-Feed: eine geheime Kalenderadresse von Google, Outlook oder iCloud (nur belegte Zeiten)
server-url = Server-URL
username = Benutzername
password = Passwort
feed-url = Feed-URL
title-optional = Titel (optional)

## ui/admin/two_factor.rs
authentication-code = Bestätigungscode
recovery-codes = Wiederherstellungscodes
keep-these-codes-somewhere-safe-each = Bewahren Sie diese Codes sicher auf. Mit jedem melden Sie sich einmal an, falls Sie Ihr Telefon verlieren. Sie werden nicht noch einmal angezeigt.
back-to-security = Zurück zur Sicherheit
scan-the-code = Code scannen
scan-this-qr-code-with-an = Scannen Sie diesen QR-Code mit einer Authenticator-App (etwa Aegis, FreeOTP oder Google Authenticator) oder geben Sie den geheimen Schlüssel dort ein. Geben Sie dann den sechsstelligen Code ein, den sie anzeigt.
secret-key = Geheimer Schlüssel
open-in-authenticator-app = In der Authenticator-App öffnen
turn-on-two-factor-authentication = Zwei-Faktor-Authentifizierung einschalten
two-factor-authentication-is-on-logging = Die Zwei-Faktor-Authentifizierung ist eingeschaltet: Bei der Anmeldung wird ein Code aus Ihrer Authenticator-App abgefragt.
new-recovery-codes = Neue Wiederherstellungscodes
ten-new-codes-replace-the-old = Zehn neue Codes ersetzen die alten.
turn-off-two-factor-authentication = Zwei-Faktor-Authentifizierung ausschalten

## ui/admin/feeds.rs
the-feed-has-been-created-subscribe = Der Feed wurde erstellt. Abonnieren Sie seine Adresse in Ihrer Kalender-App.
the-feed-has-a-new-address = Der Feed hat eine neue Adresse; die alte funktioniert nicht mehr.
the-feed-has-been-revoked-its = Der Feed wurde widerrufen; seine Adresse funktioniert nicht mehr.
bookings-feed = Buchungs-Feed
create-bookings-feed = Buchungs-Feed erstellen
calendar-feeds = Kalender-Feeds
not-read-by-a-calendar-yet = Noch von keinem Kalender abgerufen.
regenerate = Neu erzeugen

## ui/admin/mod.rs
overview = Übersicht
waitlist = Warteliste
calendars = Kalender
availability = Verfügbarkeit
settings = Einstellungen
booking = Buchung
personal-data = Personenbezogene Daten
schedule = Zeitplan
the-database-is-busy-try-again = Die Datenbank ist ausgelastet; versuchen Sie es gleich noch einmal.
the-servers-storage-is-full-nothing = Der Speicher des Servers ist voll; nichts wurde gespeichert.
something-went-wrong-on-the-server = Auf dem Server ist etwas schiefgelaufen; nichts wurde geändert.
loading = Wird geladen …
dashboard = Dashboard
menu = Menü
log-out = Abmelden

## ui/admin/privacy.rs
no-booking-holds-this-address = Keine Buchung enthält diese Adresse.
download-json = JSON herunterladen
names-email-addresses-phone-numbers-notes = Namen, E-Mail-Adressen, Telefonnummern, Notizen, Antworten und Gäste dieser Buchungen werden gelöscht. Buchungen, die noch nicht stattgefunden haben, werden vorher abgesagt, und ihre Gastgeber werden benachrichtigt.
i-understand-that-this-cannot-be = Mir ist klar, dass dies nicht rückgängig gemacht werden kann
erase-all-data = Alle Daten löschen
everything-held-about-one-attendees-email = Alles, was zur E-Mail-Adresse eines Teilnehmers gespeichert ist: finden, herunterladen oder löschen.
email = E-Mail
find = Suchen

## ui/admin/waitlist.rs
visitors-waiting-for-a-taken-time = Besucher, die auf einen vergebenen Termin warten. Wird ein Platz frei, wird er dem Ersten in der Reihe per E-Mail angeboten. Zeiten in
waitlist-entry-has-been-removed = Der Eintrag auf der Warteliste wurde entfernt
nobody-is-waiting = Niemand wartet.
waitlist-entries = Einträge der Warteliste
waitlist-entries-by-time-and-join = Einträge der Warteliste, nach Termin und Reihenfolge der Anmeldung
position = Position

## ui/admin/overview.rs
get-started = Erste Schritte
create-your-calendar = Legen Sie Ihren Kalender an
with-a-first-event = mit einer ersten Terminart.
set-the-hours-you-can-be = Legen Sie die Zeiten fest, zu denen Sie buchbar sind, unter
share-your-calendars-link-bookings-appear = Teilen Sie den Link Ihres Kalenders; Buchungen erscheinen hier.
today = Heute
next-bookings = Als Nächstes
no-booking-waits-for-your-confirmation = Keine Buchung wartet auf Ihre Bestätigung
your-booking-links = Ihre Buchungslinks
copied = Kopiert
copy = Kopieren

## ui/admin/calendars.rs
there-is-no-such-calendar = Diesen Kalender gibt es nicht.
back-to-calendars = Zurück zu den Kalendern
no-calendar-yet-make-the-first = Noch kein Kalender: Legen Sie den ersten mit „Neuer Kalender“ an.
n-1-event = 1 Terminart
new-calendar = Neuer Kalender
slug = Kurzname
photo-url = Foto-URL
the-slug-is-the-calendars-address = Der Kurzname ist die Adresse des Kalenders; bleibt er leer, wird er aus dem Titel gebildet. Eine erste Terminart mit 30 Minuten wird mit angelegt.
create-calendar = Kalender anlegen
event-deleted = Terminart gelöscht.
keep-it = Behalten
delete-calendar = Kalender löschen
delete-event = Terminart löschen
landing-page = Startseite
link = Link
edit-the-calendar-and-its-landing = Kalender und Startseite bearbeiten
build-a-link-and-preview-the = Link erstellen und Einbettung ansehen
events = Terminarten
in-the-order-the-landing-page = In der Reihenfolge, in der die Startseite sie zeigt.
no-event-yet = Noch keine Terminart.
new-event = Neue Terminart
duration-in-minutes-the-event-is = Dauer in Minuten. Die Terminart ist sofort buchbar, zu Ihren Standardzeiten.
create-event = Terminart anlegen
kind-of-event = Art der Terminart
share-an-event = Eine Terminart teilen
make-an-event-first = Legen Sie zuerst eine Terminart an.
pre-chosen-date = Vorgewähltes Datum
pre-chosen-length-minutes = Vorgewählte Dauer (Minuten)
build-link = Link erstellen
done = Fertig
link-to-share = Link zum Teilen
embed-code-for-this-link = Einbettungscode für diesen Link
preview = Vorschau
preview-of-the-embedded-booking-page = Vorschau der eingebetteten Buchungsseite
calendar-settings = Kalendereinstellungen
the-calendars-address-changing-it-changes = Die Adresse des Kalenders. Eine Änderung ändert jeden öffentlichen Link dieses Kalenders; zuvor geteilte Links funktionieren dann nicht mehr.
show-the-landing-page = Startseite anzeigen
events-on-the-landing-page = Terminarten auf der Startseite
every-active-event = Jede aktive Terminart
only-the-events-ticked-below = Nur die unten angekreuzten Terminarten
language = Sprache
the-public-pages-use-it-unless = Die öffentlichen Seiten verwenden sie, sofern der Browser des Besuchers keine andere Sprache verlangt.
embed-code = Einbettungscode
clone = Duplizieren
delete = Löschen

## ui/admin/settings.rs
administrator = Administrator
host = Gastgeber
settings-sections = Bereiche der Einstellungen
profile = Profil
email-address = E-Mail-Adresse
current-password = Aktuelles Passwort
new-password = Neues Passwort
booking-limits = Buchungsgrenzen
the-most-bookings-you-take-across = Die meisten Buchungen, die Sie über alle Ihre Terminarten annehmen. Leer lassen für keine Grenze.
daily-limit = Pro Tag höchstens
weekly-limit = Pro Woche höchstens
see-where-you-are-logged-in = Sehen Sie, wo Sie angemeldet sind, beenden Sie Sitzungen, richten Sie die Zwei-Faktor-Authentifizierung ein und verwalten Sie die Anwendungspasswörter Ihrer Integrationen.
sessions-and-application-passwords = Sitzungen und Anwendungspasswörter
none-yet-connect-the-calendar-you = Noch keiner. Verbinden Sie den Kalender, den Sie bereits nutzen: Seine belegten Zeiten werden nicht angeboten, und Buchungen werden dort eingetragen.
one-calendar-account-is-connected = Ein Kalenderkonto ist verbunden.
not-reachable-2 = nicht erreichbar
manage-connected-calendars = Verbundene Kalender verwalten
general = Allgemein
time-format = Zeitformat
week-starts-on = Woche beginnt am
sender-name = Absendername
sender-email = Absender-E-Mail
reply-to-name = Name für Antworten
reply-to-email = Antwortadresse
footer = Fußzeile
attach-a-calendar-file-ics-to = Eine Kalenderdatei (.ics) an Bestätigungen anhängen
send-as-the-hosts-name = Im Namen des Gastgebers senden
payments = Zahlungen
take-payments = Zahlungen annehmen
currency-iso-code = Währung (ISO-Code)
number-format = Zahlenformat
currency-sign = Währungszeichen
require-two-factor-authentication-for-everyone = Zwei-Faktor-Authentifizierung für alle verlangen
whoever-logs-in-with-a-password = Wer sich mit einem Passwort anmeldet und noch keine Zwei-Faktor-Authentifizierung hat, muss sie zuerst einrichten. Anwendungspasswörter sind nicht betroffen.
booking-protection = Schutz der Buchungen
proof-of-work = Arbeitsnachweis
the-booking-page-has-the-visitors = Die Buchungsseite lässt den Browser des Besuchers ein kleines Rätsel lösen, bevor eine Buchung gesendet wird (ALTCHA): keine Bilder zum Anklicken, und teuer für Roboter. Formulare ohne Lösung, bei ausgeschaltetem JavaScript, sind je Adresse und Stunde begrenzt.
blocked-addresses-and-domains = Gesperrte Adressen und Domains
one-per-line-an-address-someone = Eine pro Zeile: eine Adresse (jemand@example.org) oder eine Domain (example.org, mit ihren Subdomains).
privacy = Datenschutz
what-attendees-are-owed-how-long = Was Teilnehmern zusteht: wie lange ihre Daten aufbewahrt werden, ob sie sie löschen dürfen, und der Hinweis, den sie im Buchungsformular annehmen.
keep-attendee-data-for-days = Daten der Teilnehmer aufbewahren (Tage)
days-after-a-booking-has-ended = Tage nach dem Ende einer Buchung. Leer: aufbewahrt, bis sie von Hand gelöscht werden; 0: gelöscht, sobald eine Buchung vorbei ist. Ein täglicher Durchlauf löscht, was fällig ist.
let-attendees-erase-their-data = Teilnehmer dürfen ihre Daten löschen
the-bookings-page-then-links-erase = Die Seite der Buchung verlinkt dann „Meine Daten löschen“.
ask-for-consent-to-a-privacy = Zustimmung zu einem Datenschutzhinweis verlangen
privacy-notice = Datenschutzhinweis
the-booking-form-shows-it-beside = Das Buchungsformular zeigt ihn neben einem Pflicht-Kontrollkästchen; jede Buchung behält die Fassung, der sie zugestimmt hat.
notice-version = Fassung des Hinweises
theme = Darstellung
colour-scheme-of-the-public-pages = Farbschema der öffentlichen Seiten
as-the-visitors-system = Wie das System des Besuchers
light = Hell
dark = Dunkel
use-my-brand-colour-for-buttons = Meine Markenfarbe für Schaltflächen und Links verwenden
brand-colour = Markenfarbe
a-colour-too-light-for-white = Eine Farbe, die für weißen Text zu hell ist, wird abgedunkelt, bis er lesbar ist (WCAG AA).
modules = Module
no-days-away-planned = Keine Abwesenheiten geplant.
out-of-office = Abwesenheit
on-these-days-none-of-your = An diesen Tagen bietet keine Ihrer Terminarten Zeiten an. Ihre Vertretung übernimmt Ihre Runden in Round-Robin-Terminarten, und Ihre Buchungsseiten verweisen auf ihre Seite.
teammate = Vertretung
no-one = Niemand
reason-optional = Grund (optional)
add = Hinzufügen
send-a-test-email = Test-E-Mail senden
send-a-test-email-to = Test-E-Mail senden an
your-own-address-when-empty = Ihre eigene Adresse, wenn leer
send-test-email = Test-E-Mail senden
team = Team
users = Benutzer
login = Anmeldename
access = Zugriff
change = Ändern
turn-off-two-factor = Zwei-Faktor ausschalten
delete-user = Benutzer löschen
add-user = Benutzer hinzufügen
full-name = Vollständiger Name
role = Rolle
browser-language = Sprache des Browsers

## ui/admin/hours.rs
unavailable = Nicht verfügbar
start = Beginn
end = Ende
add-window = Zeitfenster hinzufügen
copy-to-weekdays = Auf Wochentage übertragen
date-overrides = Abweichende Tage
a-date-with-its-own-hours = Ein Datum mit eigenen Zeiten; ohne Zeitfenster ist das Datum nicht buchbar.
add-date-override = Abweichenden Tag hinzufügen

## ui/admin/availability.rs
there-is-no-such-schedule = Diesen Zeitplan gibt es nicht.
named-weekly-hours-that-events-can = Benannte Wochenzeiten, denen Terminarten folgen können. Neue Terminarten beginnen mit dem Standard.
schedules = Zeitpläne
no-schedule-yet = Noch kein Zeitplan.
default = Standard
new-schedule = Neuer Zeitplan
create-schedule = Zeitplan anlegen
back-to-availability = Zurück zur Verfügbarkeit
no-event-uses-this-schedule = Keine Terminart verwendet diesen Zeitplan.
use-and-remove = Verwendung und Entfernen
set-as-default = Als Standard festlegen

## ui/admin/booking_detail.rs
back-to-bookings = Zurück zu den Buchungen
phone = Telefon
source = Quelle
for-the-attendee = Für den Teilnehmer:
answers = Antworten
guests = Gäste
this-bookings-status-is-final = Der Status dieser Buchung ist endgültig.
reason-for-rejecting = Grund der Ablehnung
refund-the-payment = Zahlung erstatten
resend-confirmation-email = Bestätigung erneut senden
mark-as-paid = Als bezahlt markieren
not-delivered = Nicht zugestellt
send-again = Erneut senden
reschedule = Verschieben
show-times = Zeiten anzeigen
no-time-is-offered-on-this = An diesem Datum wird keine Zeit angeboten.
offered-times = Angebotene Zeiten
reason-for-the-new-time = Grund für die neue Zeit
move-booking = Buchung verschieben
internal-note = Interne Notiz
note-only-hosts-see-it = Notiz (nur Gastgeber sehen sie)
save-note = Notiz speichern
activity = Verlauf
nothing-recorded-yet = Noch nichts aufgezeichnet.

## pages/dashboard/reports.rs
the-start-came-after-the-end = Der Beginn lag nach dem Ende; beide wurden getauscht.
reports-span-three-years-at-most = Berichte umfassen höchstens drei Jahre; der Zeitraum wurde gekürzt.
last-30-days = Letzte 30 Tage
this-week = Diese Woche
this-month = Dieser Monat
last-month = Letzter Monat
booked = Gebucht
completed = Abgeschlossen
cancelled = Abgesagt

## pages/dashboard/bookings.rs
upcoming = Bevorstehend
pending = Offen
past = Vergangen
all = Alle

## pages/event_tabs/notifications.rs
the-price-must-be-an-amount = Der Preis muss ein Betrag wie 49.50 sein.
write-the-times-as-15-minutes = Schreiben Sie die Zeiten als „15 minutes, 1 day“: ganze Zahlen von Minuten (minutes), Stunden (hours) oder Tagen (days).
the-reminder-times-could-not-be = Die Erinnerungszeiten konnten nicht gelesen werden.

## pages/event_tabs/webhooks.rs
test = Test

## pages/event_tabs/fields.rs
unknown-action = Unbekannte Aktion.

## pages/event_tabs/links.rs
the-max-uses-must-be-between = Die Zahl der Verwendungen muss zwischen 1 und 1000 liegen.
enter-a-date-and-time = Geben Sie Datum und Uhrzeit ein.

## pages/event_tabs/advanced.rs
each-duration-must-be-a-whole = Jede Dauer muss eine ganze Zahl von Minuten sein.
the-default-duration-must-be-a = Die Standarddauer muss eine ganze Zahl von Minuten sein.
repeat-interval = Wiederholungsabstand
maximum-of-occurrences = Höchstzahl der Termine
hold-minutes-2 = Reservierungsminuten
bookings-per-attendee-2 = Buchungen pro Teilnehmer
offer-minutes-2 = Angebotsminuten

## pages/setup/forms.rs
nothing-was-saved-the-database-could = Nichts wurde gespeichert: Die Datenbank war nicht erreichbar. Versuchen Sie es erneut.

## pages/setup/editor.rs
the-minimum-notice-value-is-required = Der Mindestvorlauf ist erforderlich.
not-offered = Nicht angeboten

## pages/setup/mod.rs
the-title-field-is-required = Der Titel ist erforderlich.
choose-events-from-the-list = Wählen Sie Terminarten aus der Liste.

## ui/login.rs
log-in-to-manage-your-calendars = Melden Sie sich an, um Ihre Kalender und Buchungen zu verwalten.
or = oder
login-or-email = Anmeldename oder E-Mail
log-in = Anmelden
enter-the-code-your-authenticator-app = Geben Sie den Code ein, den Ihre Authenticator-App anzeigt, oder einen Ihrer Wiederherstellungscodes.
verify = Bestätigen
log-in-again = Erneut anmelden

## ui/mod.rs
there-is-nothing-at-this-address-2 = Unter dieser Adresse gibt es nichts.
go-to-the-dashboard = Zum Dashboard

## pages/settings.rs
choose-a-teammate-from-the-list = Wählen Sie eine Vertretung aus der Liste.
that-period-is-not-in-your = Dieser Zeitraum steht nicht (mehr) in Ihrer Liste.
tick-the-box-to-confirm-the = Kreuzen Sie das Kästchen an, um das Löschen zu bestätigen.
the-retention-days-must-be-an = Die Aufbewahrungstage müssen eine ganze Zahl sein.
enter-a-whole-number-of-at = Geben Sie eine ganze Zahl ab 1 ein oder lassen Sie das Feld leer.
unknown-settings-section = Unbekannter Bereich der Einstellungen.

## pages/security.rs
this-form-is-not-one-of = Dieses Formular gehört nicht zu dieser Seite.

## tabs and sections
details = Details
limits = Grenzen
booking-fields = Buchungsfelder
notifications = Benachrichtigungen
webhooks = Webhooks
advanced = Erweitert
private-links = Private Links
no-show = Nicht erschienen

## login
log-in-with = Anmelden mit { $provider }
working-2 = funktioniert

## messages with values
not-a-list = „{ $text }“ ist keine Liste; es wird „Bevorstehend“ angezeigt.
not-a-calendar = „{ $text }“ ist kein Kalender; es werden alle angezeigt.
not-an-event = „{ $text }“ ist keine Terminart; es werden alle angezeigt.
not-a-date-left-out = „{ $text }“ ist kein Datum; es wurde weggelassen.
series-of = Serie { $index } von { $count }
must-be-whole-number = Das Feld { $label } muss eine ganze Zahl sein.
test-email-sent = Eine Test-E-Mail ist unterwegs an { $address }.
must-be-integer = Das Feld { $field } muss eine ganze Zahl sein.
schedule-hours-note = Die Zeiten sind Uhrzeiten in der Zeitzone des Zeitplans. Ein Tag ohne Zeitfenster ist nicht buchbar.
used-by = Verwendet von: { $events }.
series-of-dates = Serie mit { $count } Terminen
send-again-what = Erneut senden: { $what }
select-booking = { $attendee }, { $when } auswählen
page-of = Seite { $page } von { $pages }
bookings-count = { $count ->
    [one] 1 Buchung
   *[other] { $count } Buchungen
}
bulk-changed = Geändert: { $count ->
    [one] 1 Buchung
   *[other] { $count } Buchungen
}: { $names }
bulk-refused = { $count ->
    [one] 1 Buchung wurde nicht geändert:
   *[other] { $count } Buchungen wurden nicht geändert:
}
delete-event-question = { $title } löschen? Die Buchungen bleiben in der Buchungsliste. Dies kann nicht rückgängig gemacht werden.
open-booking-page-of = Buchungsseite von { $title } öffnen
video-link-help = Jede Buchung erhält ihren eigenen Anruf: {"{"}uid{"}"} wird durch einen zufälligen Code ersetzt.
schedule-named = Zeitplan: { $title }
follows-schedule = Folgt dem Zeitplan { $title }; die Zeiten unten sind seine Zeiten. Wenn Sie sie speichern, werden sie zu eigenen Zeiten der Terminart.
no-hours-on = Keine Zeiten am { $date }: Jeder Termin an diesem Tag liegt außerhalb der Zeiten.
location-number = Ort { $number }
edit-field = Feld bearbeiten: { $label }
field-type = Typ: { $type }
expiry-help = In { $zone }. Leer: kein Ablauf.
expires-at = Läuft ab am { $time } UTC
link-number = Link { $number }
revoke-link-number = Link { $number } widerrufen
date-format-needed = Das Datum muss im Format JJJJ-MM-TT (YYYY-MM-DD) sein
event-hours-note = Zeiten in { $zone }, der Zeitzone des Kalenders. Ein Tag ohne Zeitfenster ist nicht buchbar.
back-to = Zurück zu { $title }
edit-named = Bearbeiten: { $name }
payments-on-in = Zahlungen sind für diese Website eingeschaltet, in { $currency }.
price-in = Preis ({ $currency })
sends-on = Sendet bei: { $triggers }
delivery-log-of = Zustellprotokoll von { $name }

## messages with values 2
caldav-hint = iCloud: https://caldav.icloud.com mit einem app-spezifischen Passwort. Fastmail: https://caldav.fastmail.com. Nextcloud: https://cloud.example.com/remote.php/dav.
ics-feed-hint = Google Kalender: Einstellungen, Ihr Kalender, „Privatadresse im iCal-Format“.
last-read = Zuletzt von einem Kalender abgerufen: { $time }.
regenerate-named = { $name } neu erzeugen
revoke-named = { $name } widerrufen
set-up-two-factor-first = Richten Sie zuerst die Zwei-Faktor-Authentifizierung ein.
no-bookings-today = Heute keine Buchungen.
nothing-booked-after-today = Nach heute ist noch nichts gebucht.
bookings-wait = { $count ->
    [one] 1 Buchung wartet auf Ihre Bestätigung
   *[other] { $count } Buchungen warten auf Ihre Bestätigung
}
bookings-of = Buchungen von { $email }
data-erased = Die personenbezogenen Daten wurden gelöscht ({ $count ->
    [one] 1 Buchung
   *[other] { $count } Buchungen
}).
change-up = { $percent } % mehr als { $days ->
    [one] am Vortag
   *[other] in den { $days } Tagen davor
}
change-down = { $percent } % weniger als { $days ->
    [one] am Vortag
   *[other] in den { $days } Tagen davor
}
change-same = Gleich wie { $days ->
    [one] am Vortag
   *[other] in den { $days } Tagen davor
}
two-factor-turned-off = Die Zwei-Faktor-Authentifizierung wurde ausgeschaltet.
end-session-of = Sitzung beenden ({ $browser }, { $ip })
app-password-is = Das Anwendungspasswort „{ $name }“ lautet:
set-up-two-factor = Zwei-Faktor-Authentifizierung einrichten
remove-from-waitlist = { $name } von der Warteliste entfernen
signed-in-as = Angemeldet als { $login } ({ $role }).
accounts-connected = { $count } Kalenderkonten sind verbunden.
dates-from-to = { $from } bis { $to }
teammate-named = Vertretung: { $name }
delete-named = { $name } löschen
access-for = Zugriff für { $login }
two-factor-off-for = Zwei-Faktor-Authentifizierung für { $login } ausschalten
delete-user-named = Benutzer { $login } löschen
bookings-per-period = Buchungen pro Zeitraum
limit-the-number-of-bookings = Anzahl der Buchungen begrenzen
booked-time-per-period = Gebuchte Zeit pro Zeitraum (Minuten)
limit-the-booked-time = Gebuchte Zeit begrenzen

## messages with values 3
uses-of = { $uses } von { $count } verwendet
body-help = HTML; Smartcodes wie {"{{"}guest.full_name{"}}"} werden beim Senden ausgefüllt.

## restored
not-a-start-date = Das Anfangsdatum „{ $text }“ ist kein Datum (JJJJ-MM-TT); der Standard wird angezeigt.
not-an-end-date = Das Enddatum „{ $text }“ ist kein Datum (JJJJ-MM-TT); der Standard wird angezeigt.
user-made = { $login } kann sich mit dem Passwort { $password } anmelden (nur jetzt angezeigt: Geben Sie es weiter und bitten Sie darum, es sicher aufzubewahren).
entries-page = { $count } Einträge, Seite { $page } von { $pages }.
delete-calendar-question = { $title } mit { $count ->
    [one] seiner Terminart
   *[other] seinen { $count } Terminarten
} und allen Buchungen löschen? Dies kann nicht rückgängig gemacht werden.
last-synced = Zuletzt synchronisiert { $time } UTC
chart-summary-days = Buchungen pro Tag vom { $from } bis { $to }: { $totals }.
chart-summary-months = Buchungen pro Monat von { $from } bis { $to }: { $totals }.
the-server-cannot-reach-its-database = Der Server erreicht seine Datenbank nicht; versuchen Sie es gleich noch einmal.

## login refusals
cross-site-refused = Anfrage von einer anderen Website abgelehnt
too-many-logins = Zu viele fehlgeschlagene Anmeldungen. Versuchen Sie es in { $seconds } Sekunden erneut.
login-not-correct = Anmeldename oder Passwort ist nicht korrekt.
password-login-off = Die Anmeldung mit Passwort ist ausgeschaltet.
code-not-correct = Der Code ist nicht korrekt.
login-expired = Die Anmeldung ist abgelaufen. Melden Sie sich erneut an.

## form handlers
form-expired = Dieses Formular ist abgelaufen. Laden Sie die Seite neu und versuchen Sie es erneut.
choose-a-button = Wählen Sie eine der Schaltflächen der Seite.
choose-confirm-or-cancel = Wählen Sie „Ausgewählte bestätigen“ oder „Ausgewählte absagen“.
there-is-no-such-webhook = Diesen Webhook gibt es nicht.
there-is-no-such-link = Diesen Link gibt es nicht.

## more
agents-help = KI-Assistenten (über den MCP-Server dieser Website unter /mcp) dürfen Zeiten suchen und für Personen buchen. Sie zeigen die Buchung immer zuerst und buchen erst nach der Bestätigung.
feeds-help = Abonnieren Sie Ihre Buchungen in jeder Kalender-App. Der Buchungs-Feed zeigt, wer gebucht hat; der Frei/Belegt-Feed zeigt nur, wann Sie belegt sind, zum Teilen mit Kollegen. Halten Sie die Adressen geheim: Wer eine hat, kann ihren Feed lesen.
minutes-short = { $minutes } Min.
draft = Entwurf

## feeds
free-busy-feed = Frei/Belegt-Feed
create-free-busy-feed = Frei/Belegt-Feed erstellen

## settings choices
clock-12-example = 12 Stunden (9:00am)
clock-24-example = 24 Stunden (09:00)
currency-before = Davor: $10
currency-before-spaced = Davor, mit Abstand: $ 10
currency-after = Danach: 10$
currency-after-spaced = Danach, mit Abstand: 10 $

## schedules
no-hours = Keine Zeiten

## modules
module-smtp = SMTP-Versand
module-smtp-about = Buchungs-E-Mails über Ihren eigenen SMTP-Server senden.
module-form = Formulare
module-form-about = Buchungsfelder aus Ihrem Formular-Baukasten verwenden.
module-crm = CRM
module-crm-about = Teilnehmer zu Ihren Kontaktlisten hinzufügen und verschlagworten.
module-boards = Boards
module-boards-about = Für jede Buchung eine Aufgabe auf einem Board anlegen.
module-cart = Warenkorb
module-cart-about = Kostenpflichtige Terminarten über den Checkout Ihres Shops verkaufen.

## editor choices
field-type-text = Text
field-type-textarea = Absatz
field-type-email = E-Mail
field-type-number = Zahl
field-type-phone = Telefon
field-type-dropdown = Auswahlliste
field-type-radio = Optionsfelder
field-type-checkbox-group = Kontrollkästchen-Gruppe
field-type-multi-select = Mehrfachauswahl
field-type-checkbox = Kontrollkästchen
field-type-date = Datum
field-type-terms-and-conditions = Geschäftsbedingungen
field-type-hidden = Verborgen
location-kind-none = Keiner
location-kind-in-person-organizer = Persönlich, bei Ihnen
location-kind-in-person-guest = Persönlich, wo der Teilnehmer angibt
location-kind-phone-organizer = Telefon: Der Teilnehmer ruft Sie an
location-kind-phone-guest = Telefon: Sie rufen den Teilnehmer an
location-kind-online-meeting = Online-Treffen
location-kind-custom = Etwas anderes
unit-minutes = Minuten
unit-hours = Stunden
unit-days = Tage
unit-weeks = Wochen
unit-months = Monate
email-title-booking-conf-attendee = Buchungsbestätigung an den Teilnehmer
email-title-booking-conf-host = Buchungsbestätigung an den Gastgeber (Sie)
email-title-reminder-to-attendee = Erinnerung an den Teilnehmer
email-title-reminder-to-host = Erinnerung an den Gastgeber (Sie)
email-title-cancelled-by-attendee = Absage durch den Teilnehmer (E-Mail an den Gastgeber)
email-title-cancelled-by-host = Absage durch den Gastgeber (E-Mail an den Teilnehmer)
email-title-rescheduled-by-attendee = Verschiebung durch den Teilnehmer (E-Mail an den Gastgeber)
email-title-rescheduled-by-host = Verschiebung durch den Gastgeber (E-Mail an den Teilnehmer)
email-title-booking-request-host = Bestätigungsanfrage an den Gastgeber (E-Mail an den Gastgeber)
email-title-booking-request-attendee = Eingangsbestätigung der Buchung (E-Mail an den Teilnehmer)
email-title-declined-by-host = Ablehnung durch den Gastgeber (E-Mail an den Teilnehmer)
trigger-scheduled = Buchung bestätigt
trigger-cancelled = Buchung abgesagt
trigger-completed = Buchung abgeschlossen
trigger-rescheduled = Buchung verschoben
trigger-rejected = Buchung abgelehnt

## reminders
times-before = { $times } vorher

## booking desk
action-cancel-following = Diesen und alle späteren Termine absagen
status-scheduled = Geplant
status-pending = Offen
status-cancelled = Abgesagt
status-completed = Abgeschlossen
status-rejected = Abgelehnt
status-no-show = Nicht erschienen
action-confirm = Bestätigen
action-reject = Ablehnen
action-cancel = Buchung absagen
action-no-show = Als nicht erschienen markieren
action-complete = Als abgeschlossen markieren

## report widgets
widget-total-bookings = Buchungen insgesamt
widget-completed-bookings = Abgeschlossene Buchungen
widget-cancelled-bookings = Abgesagte Buchungen
widget-total-guests = Gäste insgesamt

there-is-no-such-booking = Diese Buchung gibt es nicht.

## pages/setup/forms.rs: refusals of the host's own forms (other refusals: the public catalogs)
refused-slug-taken = Dieser Kurzname ist schon vergeben. Bitte wählen Sie einen anderen.
refused-calendar-exists = Dieser Benutzer hat bereits einen Kalender. Löschen Sie ihn zuerst, um einen neuen anzulegen.
refused-schedule-in-use = Dieser Zeitplan kann nicht gelöscht werden, solange eine Terminart ihn verwendet. Geben Sie diesen Terminarten zuerst andere Zeiten.
refused-schedule-default = Der Standard-Zeitplan kann nicht gelöscht werden: Legen Sie zuerst einen anderen als Standard fest.
refused-user-exists = Ein Benutzer mit diesem Anmeldenamen oder dieser E-Mail-Adresse existiert bereits.
refused-feed-exists = Ein Feed dieser Art existiert bereits.
refused-forbidden = Dazu fehlt Ihnen die Berechtigung.

## texts/dashboard.rs: an instant in the technical lists (audit log, sessions, personal data)
utc-stamp = { $date }, { $time } UTC
