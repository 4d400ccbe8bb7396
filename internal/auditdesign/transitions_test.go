package auditdesign

import (
	"errors"
	"fmt"
	"testing"

	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
)

// errKey answers the message key of a Check error ("" for nil).
func errKey(t *testing.T, err error) string {
	t.Helper()
	if err == nil {
		return ""
	}
	var ue *apperr.UserError
	if errors.As(err, &ue) {
		return ue.Key
	}
	var k *apperr.Keyed
	if errors.As(err, &k) {
		return k.Key
	}
	t.Fatalf("error without a key: %v", err)
	return ""
}

// TestCheckTable walks every state (0..6 and 9, an unknown value) × every action × claimer or
// not × permission or not, against decision 0012's table written out independently here.
func TestCheckTable(t *testing.T) {
	// allowed[action] lists the raw states an action may start from (2 and 9 read as waiting).
	allowed := map[Action][]State{
		ActClaim:           {0, 2, 4, 9},
		ActAssign:          {0, 2, 4, 9},
		ActTransfer:        {1},
		ActReject:          {1},
		ActSendBack:        {1, 5},
		ActPass:            {1},
		ActDiscard:         {0, 1, 2, 3, 4, 9},
		ActRevoke:          {1, 3, 4},
		ActStartTaskDesign: {5},
	}
	to := map[Action]State{ActClaim: 1, ActAssign: 1, ActTransfer: 1, ActReject: 3, ActSendBack: 4,
		ActPass: 5, ActDiscard: 6, ActRevoke: 2, ActStartTaskDesign: 5}
	me, other := uuid.New(), uuid.New()
	for _, action := range Actions {
		for _, st := range []State{0, 1, 2, 3, 4, 5, 6, 9} {
			for _, claimer := range []bool{true, false} {
				for _, perm := range []bool{true, false} {
					name := fmt.Sprintf("%s/state%d/claimer=%v/perm=%v", action, st, claimer, perm)
					t.Run(name, func(t *testing.T) {
						by := other
						if claimer {
							by = me
						}
						s := Sheet{State: st, ClaimedBy: &by, OrderCreatorID: &other}
						err := Check(action, s, Actor{UserID: me, HasPermission: perm})
						from := false
						for _, a := range allowed[action] {
							if a == st {
								from = true
							}
						}
						want := ""
						switch {
						case !perm && !(action == ActTransfer && claimer):
							want = KeyForbidden
						case !from:
							want = KeyStateNotAllowed
						case !claimer && (action == ActReject || action == ActPass ||
							(action == ActSendBack && st == StateAuditing)):
							want = KeyNotClaimer
						case !claimer && action == ActRevoke:
							want = KeyNotClaimerOrCreator
						}
						if got := errKey(t, err); got != want {
							t.Fatalf("Check = %v (key %q), want %q", err, got, want)
						}
						if want == KeyForbidden && !errors.Is(err, apperr.ErrForbidden) {
							t.Fatalf("Check = %v, want forbidden", err)
						}
						if want == "" {
							next, err := Next(action, s)
							if err != nil || next != to[action] {
								t.Fatalf("Next = %v, %v; want %v", next, err, to[action])
							}
						}
					})
				}
			}
		}
	}
}

// TestRevokeByCreator: the order's creator may revoke a sheet someone else claimed.
func TestRevokeByCreator(t *testing.T) {
	me, other := uuid.New(), uuid.New()
	s := Sheet{State: StateRejected, ClaimedBy: &other, OrderCreatorID: &me}
	if err := Check(ActRevoke, s, Actor{UserID: me, HasPermission: true}); err != nil {
		t.Fatalf("creator revoke = %v", err)
	}
	s.ClaimedBy = nil
	if err := Check(ActPass, Sheet{State: StateAuditing}, Actor{UserID: me, HasPermission: true}); errKey(t, err) != KeyNotClaimer {
		t.Fatalf("pass of an unclaimed sheet = %v", err)
	}
	if err := Check("fly", s, Actor{UserID: me, HasPermission: true}); errKey(t, err) != KeyUnknownAction {
		t.Fatalf("unknown action = %v", err)
	}
}
