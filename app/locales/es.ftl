footer = Reservado con slotbook
not-found-title = Página no encontrada
not-found-body = No hay nada en esta dirección. Puede que el enlace sea antiguo o que la página se haya eliminado.
error-title = Algo ha salido mal
link-gone-title = Este enlace ya no es válido
not-saved = No se ha podido guardar la reserva. Inténtalo de nuevo.
not-loaded = No se ha podido cargar la página. Inténtalo de nuevo.

language = Idioma
change-language = Cambiar idioma

landing-empty = Ahora mismo no hay nada que reservar aquí.
events-heading = Elige una cita

host = Anfitrión
duration = Duración
location = Lugar
previous-month = Mes anterior
next-month = Mes siguiente
today = hoy
chosen = seleccionado
clock-change = este día cambia la hora
clock-change-legend = En los días marcados cambia la hora (horario de verano).
time-zone = Zona horaria
show-times = Mostrar horarios
zone-locked = Los horarios se muestran en la zona horaria del anfitrión
clock = Formato de hora
clock-12 = 12 horas
clock-24 = 24 horas
duration-choice = Duración
no-times-day = No hay horarios libres este día. Elige otro día.
no-times-month = No hay horarios libres este mes.
times-heading = Horarios disponibles
seats-left = { $count ->
    [one] Queda 1 plaza
   *[other] Quedan { $count } plazas
}
times-announcement = { $count ->
    [0] { $month }, { $day }: ningún horario
    [one] { $month }, { $day }: 1 horario
   *[other] { $month }, { $day }: { $count } horarios
}

form-heading = Tus datos
change-time = Cambiar horario
required = obligatorio
errors-heading = Revisa el formulario
website = Sitio web
held-until = Reservado para ti hasta las { $time }
confirm-booking = Confirmar reserva
confirm-new-time = Confirmar nuevo horario
time-gone = Ese horario ya no está disponible. Elige otro.
duration-not-offered = Esa duración no se ofrece; se muestra la duración predeterminada.
not-a-date = «{ $text }» no es una fecha; se muestra el primer día con horarios.
not-a-month = «{ $text }» no es un mes; se muestra el primer mes con horarios.
not-a-zone = «{ $text }» no es una zona horaria; los horarios se muestran en { $zone }.
clocks-change = Este día cambia la hora en { $zone }: de { $before } a { $after }.
out-of-office = { $host } está fuera de la oficina del { $start } al { $end }
book-with = Reservar con { $teammate }

date-span = { $date }, { $start } – { $end }

hours = { $count ->
    [one] 1 hora
   *[other] { $count } horas
}
minutes = { $count ->
    [one] 1 minuto
   *[other] { $count } minutos
}
listed = { $first }, { $rest }
hours-minutes = { $hours } y { $minutes }

in-person = En persona
in-person-guest = En persona, en tu dirección
phone-call = Llamada telefónica
phone-guest = Llamada telefónica: el anfitrión te llama
custom-location = Otro lugar
online-meeting = Reunión en línea
phone-call-to-host = Llamada telefónica: { $number }
phone-call-to-attendee = Llamada telefónica al { $number }
payment = Pago
alternatives = { $first } o { $rest }
field-name = Tu nombre
field-email = Tu correo electrónico
field-message = ¿De qué trata esta reunión?
field-cancellation-reason = Motivo de la cancelación
field-cancellation-placeholder = ¿Por qué cancelas?
field-rescheduling-reason = Motivo del cambio de fecha
field-rescheduling-placeholder = Cuéntanos por qué necesitas cambiar la fecha
field-guests = Invitados adicionales
field-phone = Tu número de teléfono
field-payment = Método de pago
field-address = Tu dirección
guests-help = Una dirección de correo por línea
guests-help-group = Un invitado por línea, así: Nombre <email@example.org>
reason-word = motivo
reason-label = Motivo: { $label }

occurrences = Sesiones
series-dates = { $count ->
    [one] 1 fecha
   *[other] { $count } fechas
}
repeats-every = { $unit ->
    [week] { $interval ->
        [one] Se repite cada semana
       *[other] Se repite cada { $interval } semanas
    }
    [month] { $interval ->
        [one] Se repite cada mes
       *[other] Se repite cada { $interval } meses
    }
   *[day] { $interval ->
        [one] Se repite cada día
       *[other] Se repite cada { $interval } días
    }
}

add-google = Añadir a Google Calendar
add-outlook = Añadir a Outlook
download-ics = Descargar .ics
join-video = Unirse a la videollamada
series-heading = Fechas de esta serie
scope-this = Solo esta fecha
scope-following = Esta fecha y todas las siguientes
series-cancelled = Cancelada
reschedule = Cambiar fecha
cancel = Cancelar
book-again = Reservar otro horario
when = Cuándo
event = Cita
attendee = Asistente
status-scheduled = Reserva confirmada
status-pending = Solicitud de reserva enviada
status-cancelled = Reserva cancelada
status-rejected = Reserva rechazada
status-completed = Reserva completada
status-no-show = Reserva marcada como no asistida
status-other = Reserva

cancel-heading = Cancelar esta reserva
reason = Motivo
cancel-button = Cancelar reserva
keep-booking = Mantener la reserva
reschedule-heading = Elige un nuevo horario
current-time = Reservado actualmente
erase-data = Borrar mis datos
erase-explained = Tu nombre, dirección de correo, teléfono, notas, respuestas e invitados se borrarán de esta reserva. Una reserva que aún no ha tenido lugar se cancela primero, y se avisa al anfitrión.
erase-confirm = Entiendo que esto no se puede deshacer
data-erased = Tus datos se han borrado
data-erased-explained = Ya no se guarda nada de lo que introdujiste en esta reserva, y sus enlaces han dejado de funcionar.
back-to-booking = Volver a tu reserva

waitlist-heading = ¿Completo? Espera una plaza
join-waitlist = Apuntarse a la lista de espera
name = Nombre
email = Correo electrónico
waitlist-note = Si se libera uno de estos horarios, la primera persona de la lista recibe un correo y la plaza queda reservada para ella.
offer-heading = Hay una plaza libre
book-this-time = Reservar este horario
offer-expired = Esta oferta ha caducado
offer-used = Esta oferta ya se ha utilizado.
offer-gone = Esta plaza ya no está reservada para ti.
leave-waitlist = Salir de la lista de espera
joined-heading = Te has apuntado a la lista de espera
left-heading = Has salido de la lista de espera
waitlist-place-heading = Tu puesto en la lista de espera
offered-line = Tienes una plaza reservada: el correo que te enviamos tiene el enlace para reservarla.
booked-line = Reservaste este horario desde la lista de espera.
expired-line = La plaza que se te ofreció no se reservó a tiempo.
removed-line = El anfitrión ha quitado esta entrada de la lista de espera.
waitlist-position = Eres el número { $position } de la lista.

# The emails, SMS texts and .ics summary (DESIGN 2.9): smart codes are the variables the
# sender fills in; a template the host changed is sent as written.
email-booking-conf-attendee-subject = Confirmación de reserva: { $host_name } y { $guest_full_name }
email-booking-conf-attendee-body = <p>Hola, { $guest_first_name }:</p><p>Tu cita «{ $event_name }» con { $host_name } está confirmada.</p><p><strong>Cuándo:</strong> { $when_guest }<br><strong>Dónde:</strong> { $where }</p><p><a href="{ $reschedule_url }">Cambiar la fecha</a> o <a href="{ $cancel_url }">cancelar</a></p>
sms-booking-conf-attendee = Confirmada: { $event_name } con { $host_name }, { $start_guest }. Cambiar o cancelar: { $manage_url }
email-booking-conf-host-subject = Nueva reserva: { $guest_full_name }, { $start_host }
email-booking-conf-host-body = <p>{ $guest_full_name } ({ $guest_email }) ha reservado «{ $event_name }» contigo.</p><p><strong>Cuándo:</strong> { $when_host }</p><p>Nota: { $guest_note }</p><p><a href="{ $admin_url }">Abrir la reserva</a></p>
sms-booking-conf-host = Nueva reserva: { $guest_full_name }, { $event_name }, { $start_host }
email-reminder-to-attendee-subject = Recordatorio de tu cita con { $host_name }, { $start_guest }
email-reminder-to-attendee-body = <p>Hola, { $guest_first_name }:</p><p>Te recordamos que tu cita «{ $event_name }» con { $host_name } empieza el { $when_guest }.</p><p><strong>Dónde:</strong> { $where }</p><p><a href="{ $reschedule_url }">Cambiar la fecha</a> o <a href="{ $cancel_url }">cancelar</a></p>
sms-reminder-to-attendee = Recordatorio: { $event_name } con { $host_name }, { $start_guest }
email-reminder-to-host-subject = Recordatorio de la cita con { $guest_full_name }, { $start_host }
email-reminder-to-host-body = <p>Recordatorio: «{ $event_name }» con { $guest_full_name } empieza el { $when_host }.</p><p><a href="{ $admin_url }">Abrir la reserva</a></p>
sms-reminder-to-host = Recordatorio: { $event_name } con { $guest_full_name }, { $start_host }
email-cancelled-by-attendee-subject = Se ha cancelado una reserva con { $guest_full_name }
email-cancelled-by-attendee-body = <p>{ $guest_full_name } ha cancelado «{ $event_name }» del { $when_host }.</p><p>Motivo: { $cancel_reason }</p>
sms-cancelled-by-attendee = { $guest_full_name } ha cancelado { $event_name } del { $start_host }
email-cancelled-by-host-subject = Se ha cancelado tu reserva con { $host_name }
email-cancelled-by-host-body = <p>Hola, { $guest_first_name }:</p><p>{ $host_name } ha cancelado tu cita «{ $event_name }» del { $when_guest }.</p><p>Motivo: { $cancel_reason }</p>
sms-cancelled-by-host = { $host_name } ha cancelado tu cita { $event_name } del { $start_guest }
email-rescheduled-by-attendee-subject = Se ha cambiado la fecha de una reserva con { $guest_full_name }
email-rescheduled-by-attendee-body = <p>{ $guest_full_name } ha movido «{ $event_name }» al { $when_host } (antes: { $previous_host }).</p><p>Motivo: { $reschedule_reason }</p>
sms-rescheduled-by-attendee = { $guest_full_name } ha movido { $event_name } al { $start_host }
email-rescheduled-by-host-subject = Se ha cambiado la fecha de tu reserva con { $host_name }
email-rescheduled-by-host-body = <p>Hola, { $guest_first_name }:</p><p>{ $host_name } ha movido tu cita «{ $event_name }» al { $when_guest } (antes: { $previous_guest }).</p><p><a href="{ $reschedule_url }">Cambiar la fecha</a> o <a href="{ $cancel_url }">cancelar</a></p>
sms-rescheduled-by-host = { $host_name } ha movido tu cita { $event_name } al { $start_guest }
email-booking-request-host-subject = Pendiente de aprobación: { $guest_full_name }, { $start_host }
email-booking-request-host-body = <p>{ $guest_full_name } ({ $guest_email }) quiere reservar «{ $event_name }» el { $when_host }.</p><p><a href="{ $confirm_url }">Confirmar</a> o <a href="{ $reject_url }">rechazar</a></p>
sms-booking-request-host = { $guest_full_name } quiere reservar { $event_name } el { $start_host }
email-booking-request-attendee-subject = Solicitud enviada: cita entre { $host_name } y { $guest_full_name }
email-booking-request-attendee-body = <p>Hola, { $guest_first_name }:</p><p>Tu solicitud de «{ $event_name }» con { $host_name } el { $when_guest } está pendiente de que el anfitrión la confirme. Recibirás un correo en cualquier caso.</p><p><a href="{ $cancel_url }">Retirar la solicitud</a></p>
sms-booking-request-attendee = Solicitud enviada: { $event_name } con { $host_name }, { $start_guest }. Te responderemos.
email-declined-by-host-subject = Reserva rechazada: { $host_name } ha rechazado tu solicitud
email-declined-by-host-body = <p>Hola, { $guest_first_name }:</p><p>{ $host_name } ha rechazado tu solicitud de «{ $event_name }» el { $when_guest }.</p><p>Motivo: { $reject_reason }</p>
sms-declined-by-host = { $host_name } ha rechazado tu solicitud de { $event_name } el { $start_guest }
ics-summary = { $event } con { $host }
ics-summary-group = { $event } ({ $count ->
    [one] 1 asistente
   *[other] { $count } asistentes
})

# Los correos de la lista de espera y el enlace a una reserva ya hecha (DESIGN 2.12).
waitlist-joined-subject = Estás en la lista de espera de { $event }
waitlist-joined-lead = Estás en la lista de espera de { $event }: { $when }.
waitlist-joined-next = Si se libera una plaza, te enviaremos por correo un enlace para reservarla.
waitlist-joined-leave = Para salir de la lista de espera:
waitlist-offer-subject = Se ha liberado una plaza: { $event }
waitlist-offer-lead = Se ha liberado una plaza para { $event }: { $when }.
waitlist-offer-held = Te la guardamos hasta { $until }. Resérvala aquí:
booking-link-subject = Tu reserva de { $event }
booking-link-lead = Ya tienes una reserva de { $event }: { $when }.
booking-link-follow = Puedes verla, cambiarla de fecha o cancelarla aquí:

rule-required = Rellene este campo.
rule-email = Introduzca una dirección de correo electrónico válida.
rule-blocked = Esta dirección de correo electrónico no se puede usar para reservar.
rule-too-long = Este texto es demasiado largo.
rule-choice = Elija una de las opciones ofrecidas.
rule-number = Introduzca un número.
rule-range = Este valor está fuera del rango permitido.
rule-date = Introduzca una fecha o una hora válida.
rule-url = Introduzca una dirección web que empiece por https://.
rule-slug = Use solo letras minúsculas, números y guiones.
rule-incorrect = Este dato no es correcto.
rule-accepted = Confírmelo, por favor.
rule-invalid = Este valor no es válido.
refused-slot-taken = Este horario ya no está disponible. Puede que alguien lo haya reservado hace unos segundos.
refused-series = Algunas fechas de esta serie no están disponibles: { $dates }
refused-spam = No se ha podido aceptar su reserva.
refused-too-many = Demasiadas reservas desde su dirección. Espere un momento y vuelva a intentarlo.
refused-too-many-holds = Hay demasiados horarios retenidos desde esta dirección. Espere a que uno termine y vuelva a intentarlo.
refused-link-gone = Este enlace privado ya no es válido.
refused-already-waitlisted = Ya está en la lista de espera para este horario.
refused-no-waitlist = Este horario no tiene lista de espera.
refused-slot-free = Este horario está disponible. Resérvelo directamente.
refused-attendee-limit = Ya tiene una reserva para este evento. Le hemos enviado el enlace por correo electrónico.
refused-not-accepting = Lo sentimos, el anfitrión no acepta nuevas reservas en este momento.
refused-cannot-cancel = Lo sentimos, esta reserva ya no se puede cancelar.
refused-cannot-reschedule = Lo sentimos, esta reserva ya no se puede cambiar de horario.
refused-changed = Esta reserva ya no se puede modificar.
refused-other = No ha funcionado. Vuelva a intentarlo.
