package identity

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
)

// TestWrongPasswordsAtTheSameMomentAreEachCounted sends wrong passwords for one user at the
// same moment to two replicas on one database, each holding the user as it read it before
// any of them: every failure is counted, and the fifth in a row locks the user once.
func TestWrongPasswordsAtTheSameMomentAreEachCounted(t *testing.T) {
	cases := []struct {
		name       string
		failures   int
		wantCount  int
		wantLocked int // callers told "locked out now"
	}{
		{"four failures count four and do not lock", 4, 4, 0},
		{"five failures lock the user once and start a new count", 5, 0, 1},
		{"twelve failures lock twice and leave two counted", 12, 2, 2},
	}
	for dialect, url := range dbtest.Dialects(t) {
		t.Run(dialect, func(t *testing.T) {
			a, b, seen := twoReplicas(t, dialect, url)
			ctx := context.Background()
			for i, c := range cases {
				t.Run(c.name, func(t *testing.T) {
					u, err := a.svc.CreateUser(ctx, CreateUserInput{UserName: fmt.Sprintf("clumsy%d", i),
						Password: "Secret-1", LockoutEnabled: true})
					if err != nil {
						t.Fatal(err)
					}
					if _, err := b.svc.GetUser(ctx, u.ID); err != nil { // b caches the user
						t.Fatal(err)
					}
					before := time.Now().UTC()
					var (
						wg     sync.WaitGroup
						mu     sync.Mutex
						locked int
						start  = make(chan struct{})
					)
					for n := range c.failures {
						replica := a
						if n%2 == 1 {
							replica = b
						}
						held := *u // as this request read it, before any failure
						wg.Add(1)
						go func() {
							defer wg.Done()
							<-start
							l, err := replica.svc.RecordFailedLogin(ctx, &held)
							if err != nil {
								t.Error(err)
								return
							}
							if l {
								mu.Lock()
								locked++
								mu.Unlock()
							}
						}()
					}
					close(start)
					wg.Wait()
					if locked != c.wantLocked {
						t.Errorf("%d callers were told the user is locked out, want %d", locked, c.wantLocked)
					}
					waitFor(t, seen, u.ID.String()) // the other replica drops its copy
					for name, r := range map[string]*Module{"a": a, "b": b} {
						got, err := r.svc.GetUser(ctx, u.ID)
						if err != nil {
							t.Fatal(err)
						}
						if got.AccessFailedCount != c.wantCount {
							t.Errorf("replica %s reads %d failures, want %d", name, got.AccessFailedCount, c.wantCount)
						}
						if isLocked := r.svc.IsLockedOut(got, before.Add(time.Minute)); isLocked != (c.wantLocked > 0) {
							t.Errorf("replica %s: locked out = %v, want %v", name, isLocked, c.wantLocked > 0)
						}
					}
				})
			}
		})
	}
}

func TestAFailedLoginOfAUserWithoutLockoutIsNotCounted(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		m := newTestModule(t, d, time.Now)
		ctx := context.Background()
		u, err := m.Service().CreateUser(ctx, CreateUserInput{UserName: "free", Password: "Secret-1"})
		if err != nil {
			t.Fatal(err)
		}
		for range MaxFailedAccessAttempts + 1 {
			if locked, err := m.Service().RecordFailedLogin(ctx, u); err != nil || locked {
				t.Fatalf("locked = %v, %v", locked, err)
			}
		}
		// A copy read before lockout was switched off is not counted either: the database decides.
		stale := *u
		stale.LockoutEnabled = true
		if locked, err := m.Service().RecordFailedLogin(ctx, &stale); err != nil || locked {
			t.Fatalf("stale copy: locked = %v, %v", locked, err)
		}
		got, err := m.Service().GetUser(ctx, u.ID)
		if err != nil || got.AccessFailedCount != 0 || got.LockoutEnd != nil {
			t.Fatalf("user = %+v, %v", got, err)
		}
	})
}
